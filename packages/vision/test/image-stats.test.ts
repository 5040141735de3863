// Drift statistics of the inspection API (imageStats): grey mean, spread and Laplacian variance of the
// prepared network input, with the normalisation undone, checked against values worked out by hand.
import { describe, expect, it } from 'vitest';
import { imageStats } from '../src/index';

const spec = (channels: number) => ({
  size: 4,
  channels,
  mean: Array(channels).fill(0.5),
  std: Array(channels).fill(0.5),
});
/** Grey levels (0–255) as the normalised tensor the engine prepares: (v/255 − 0.5) / 0.5. */
const prepared = (planes: number[][]) => ({
  crops: [Float32Array.from(planes.flat().map((v) => (v / 255 - 0.5) / 0.5))],
  width: 4,
  height: 4,
  rects: [[0, 0, 4, 4] as [number, number, number, number]],
});

describe('imageStats', () => {
  it('a flat image: its level, no spread, no edges', () => {
    expect(imageStats(prepared([Array(16).fill(100)]), spec(1))).toEqual({
      brightness: 100,
      contrast: 0,
      sharpness: 0,
    });
  });

  it('a checkerboard of 0 and 200: mean 100, spread 100, Laplacian ±800 inside', () => {
    const board = Array.from({ length: 16 }, (_, i) => (((i >> 2) + i) % 2 ? 200 : 0));
    const s = imageStats(prepared([board]), spec(1));
    expect(s.brightness).toBeCloseTo(100, 1);
    expect(s.contrast).toBeCloseTo(100, 1);
    // The 2×2 inner pixels: 4·200 − 4·0 = 800 and 4·0 − 4·200 = −800 → mean 0, variance 640,000.
    expect(s.sharpness).toBeCloseTo(640000, -1);
  });

  it('colour channels are averaged into one grey level', () => {
    const s = imageStats(prepared([Array(16).fill(30), Array(16).fill(60), Array(16).fill(90)]), spec(3));
    expect(s.brightness).toBeCloseTo(60, 1);
    expect(s.contrast).toBeCloseTo(0, 1);
  });
});
