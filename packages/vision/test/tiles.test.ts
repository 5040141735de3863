// Tiling and stitching: a mask or box crossing a tile border comes back whole, in original coordinates.
import { describe, expect, it } from 'vitest';
import {
  fuseScaleViews,
  scaledSize,
  stitchDetections,
  stitchHeatmap,
  stitchSgLabels,
  tileGrid,
  tileOrigins,
  tileRect,
  type TileSpec,
} from '../src/infer/tiles';
import type { Detection } from '../src/infer/types';

describe('tile grid', () => {
  it('covers the canvas with the overlap, last tile at the edge', () => {
    expect(tileOrigins(100, 128, 32)).toEqual([0]);
    expect(tileOrigins(128, 128, 32)).toEqual([0]);
    const o = tileOrigins(480, 128, 32);
    expect(o[0]).toBe(0);
    expect(o.at(-1)).toBe(480 - 128);
    for (let i = 1; i < o.length; i++) expect(o[i - 1]! + 128 - o[i]!).toBeGreaterThanOrEqual(32);
  });
});

describe('sg stitching', () => {
  it.each([1, 0.5])('a mask crossing tile borders comes back whole at scale %s', (scale) => {
    const width = 300;
    const height = 170;
    const spec: TileSpec = { size: 64, scale, overlap: 16, pad: 128 };
    const grid = tileGrid(width, height, spec);
    expect(grid.origins.length).toBeGreaterThan(2);
    // A thin diagonal crack across several tiles, drawn on the scaled canvas; a perfect network returns
    // exactly it in every tile (background probability 1 elsewhere and in the padding).
    const [sw, sh] = scaledSize(width, height, scale);
    const truth = new Uint8Array(sw * sh);
    for (let x = 0; x < sw; x++) {
      const y = Math.floor((x * (sh - 1)) / (sw - 1));
      for (let d = -1; d <= 1; d++) if (y + d >= 0 && y + d < sh) truth[(y + d) * sw + x] = 1;
    }
    const plane = spec.size * spec.size;
    const tiles = grid.origins.map(([ox, oy]) => {
      const probs = new Float32Array(2 * plane);
      for (let y = 0; y < spec.size; y++) {
        for (let x = 0; x < spec.size; x++) {
          const fg = ox + x < sw && oy + y < sh && truth[(oy + y) * sw + ox + x] === 1;
          probs[y * spec.size + x] = fg ? 0 : 1;
          probs[plane + y * spec.size + x] = fg ? 1 : 0;
        }
      }
      return probs;
    });
    const labels = stitchSgLabels(tiles, 2, grid, spec, width, height);
    expect(labels.length).toBe(width * height);
    // Every original pixel takes the label of its scaled pixel: the whole crack, from corner to corner.
    let wrong = 0;
    let fg = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const sx = Math.min(sw - 1, Math.floor((x + 0.5) * scale));
        const sy = Math.min(sh - 1, Math.floor((y + 0.5) * scale));
        if (labels[y * width + x] !== truth[sy * sw + sx]) wrong++;
        fg += labels[y * width + x]!;
      }
    }
    expect(wrong).toBe(0);
    expect(fg).toBeGreaterThan(width * 2);
    expect(labels[0]).toBe(1);
    expect(labels[width * height - 1]).toBe(1);
  });
});

describe('od stitching', () => {
  it.each([1, 0.5])('a box crossing a tile border comes back whole, once, at scale %s', (scale) => {
    const width = 400;
    const height = 260;
    const spec: TileSpec = { size: 128, scale, overlap: 32, pad: 128 };
    const grid = tileGrid(width, height, spec);
    expect(grid.origins.length).toBeGreaterThan(1);
    // An object astride the first vertical tile border, smaller than the overlap (in scaled pixels).
    const x1s = grid.origins.find(([x]) => x > 0)![0] - 6;
    const obj = { x1: x1s / scale, y1: 40 / scale, x2: (x1s + 20) / scale, y2: 62 / scale };
    // A perfect detector: each tile sees the part of the object inside it (cut copies at the border).
    const perTile: Detection[][] = grid.origins.map((o) => {
      const [rx, ry, rw, rh] = tileRect(o, spec);
      const b = {
        x1: Math.max(obj.x1, rx),
        y1: Math.max(obj.y1, ry),
        x2: Math.min(obj.x2, rx + rw),
        y2: Math.min(obj.y2, ry + rh),
      };
      return b.x2 > b.x1 && b.y2 > b.y1 ? [{ classIndex: 0, className: 'spur', score: 0.9, ...b }] : [];
    });
    expect(perTile.flat().length).toBeGreaterThan(1);
    const out = stitchDetections(perTile, grid, spec, width, height, 0.5, 100);
    expect(out).toHaveLength(1);
    expect(out[0]!.x1).toBeCloseTo(obj.x1, 6);
    expect(out[0]!.x2).toBeCloseTo(obj.x2, 6);
    expect(out[0]!.y1).toBeCloseTo(obj.y1, 6);
    expect(out[0]!.y2).toBeCloseTo(obj.y2, 6);
  });
});

describe('ad heatmap stitching', () => {
  it.each([1, 0.5])(
    'a hot spot on a tile border comes back once, at its place in the image, at scale %s',
    (scale) => {
      const width = 300;
      const height = 170;
      const spec: TileSpec = { size: 64, scale, overlap: 16, pad: 128 };
      const grid = tileGrid(width, height, spec);
      // A hot square at original (150..160, 80..90), drawn into every tile that covers it.
      const hot = (x: number, y: number) => x >= 150 && x < 160 && y >= 80 && y < 90;
      const tiles = grid.origins.map(([ox, oy]) => {
        const m = new Float32Array(64 * 64).fill(0.1);
        for (let y = 0; y < 64; y++)
          for (let x = 0; x < 64; x++)
            if (hot((ox + x + 0.5) / scale, (oy + y + 0.5) / scale)) m[y * 64 + x] = 0.9;
        return m;
      });
      expect(grid.origins.length).toBeGreaterThan(1);
      const { size, data } = stitchHeatmap(tiles, grid, spec);
      expect(size).toBe(Math.max(64, grid.scaledWidth, grid.scaledHeight));
      expect(data).toHaveLength(size * size);
      // Every heatmap cell whose centre falls in the hot square is hot, every other cell is not.
      let wrong = 0;
      for (let r = 0; r < size; r++)
        for (let c = 0; c < size; c++) {
          const x = ((c + 0.5) * width) / size;
          const y = ((r + 0.5) * height) / size;
          const inside = hot(x, y);
          const near = hot(x + 2 / scale, y + 2 / scale) || hot(x - 2 / scale, y - 2 / scale);
          if (data[r * size + c]! > 0.5 !== inside && !near) wrong++;
        }
      expect(wrong).toBe(0);
      expect(data.filter((v) => v > 0.5).length).toBeGreaterThan(0);
    },
  );
});

describe('od scale views', () => {
  const box = (
    classIndex: number,
    score: number,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ): Detection => ({
    classIndex,
    className: String(classIndex),
    score,
    x1,
    y1,
    x2,
    y2,
  });

  it("fuses one object's boxes across views and averages its score over the views", () => {
    const main = [box(0, 0.8, 10, 10, 30, 30), box(1, 0.6, 50, 50, 60, 60)];
    const larger = [box(0, 0.4, 12, 10, 32, 30), box(0, 0.5, 80, 80, 90, 90)];
    const fused = fuseScaleViews([main, larger], 0.55, 0.5, 100);
    expect(fused).toHaveLength(3);
    const [a, b, c] = fused;
    // Seen in both views: the mean score, the first view's box.
    expect(a).toMatchObject({ classIndex: 0, x1: 10, x2: 30 });
    expect(a!.score).toBeCloseTo(0.6, 9);
    // Seen by one view only: half its score; a box of another class is never merged.
    expect(b!.score).toBeCloseTo(0.3, 9);
    expect(c!.score).toBeCloseTo(0.25, 9);
    expect(fused.map((d) => d.classIndex).sort()).toEqual([0, 0, 1]);
  });

  it("keeps the first view's box even when another view scored the object higher", () => {
    const [f] = fuseScaleViews(
      [[box(0, 0.3, 10, 10, 30, 30)], [box(0, 0.7, 11, 11, 29, 29)]],
      0.55,
      0.5,
      100,
    );
    expect(f).toMatchObject({ x1: 10, y1: 10, x2: 30, y2: 30 });
    expect(f!.score).toBeCloseTo(0.5, 9);
  });

  it('returns a single view as it is', () => {
    const only = [box(0, 0.9, 0, 0, 5, 5)];
    expect(fuseScaleViews([only], 0.55, 0.5, 100)).toBe(only);
  });
});
