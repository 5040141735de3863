// Inference preprocessing against the trainer's: the same image must give (nearly) the same network input
// in TypeScript (sharp) and in Python (PIL), or a model sees different data in production than in training.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../src/infer/preprocess';
import { pythonPath, trainerDir } from '../src/trainer/locate';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => (tmp = await tempDir('preprocess')));
afterAll(() => tmp.cleanup());

/** A smooth gradient with a few sharp features, so both resizers are exercised on edges too. */
async function writeImage(path: string, w: number, h: number, channels: 1 | 3) {
  const px = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < channels; c++)
        px[(y * w + x) * channels + c] = (x * 3 + y * 2 + c * 40 + ((x >> 3) % 2) * 60) % 256;
    }
  }
  await sharp(px, { raw: { width: w, height: h, channels } })
    .png()
    .toFile(path);
}

function trainerTensor(path: string, size: number, channels: number): number[] {
  const code = `import sys, json; sys.path.insert(0, ${JSON.stringify(trainerDir())})
from sightline_trainer.data import open_image, to_channels, to_tensor
t = to_tensor(to_channels(open_image(sys.argv[1]), ${channels}), ${size})
print(json.dumps(((t.float() / 255 - 0.5) / 0.5).flatten().tolist()))`;
  const res = spawnSync(pythonPath(), ['-c', code, path], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout) as number[];
}

const spec = (size: number, channels: 1 | 3) =>
  ({
    size,
    channels,
    mean: Array(channels).fill(0.5),
    std: Array(channels).fill(0.5),
    resize: 'stretch-bilinear',
    colour: channels === 3 ? 'rgb' : 'bt601-luma',
    regions: null,
  }) as const;

describe('preprocessing matches the trainer', () => {
  it.each([
    ['grey image, same size (no resize)', 48, 48, 1, 1],
    ['colour image into a grey model, same size', 40, 40, 3, 1],
    ['colour image into a colour model, same size', 40, 40, 3, 3],
    ['grey image, downscaled', 96, 80, 1, 1],
  ] as const)('%s', async (_name, w, size, srcChannels, modelChannels) => {
    const path = join(tmp.dir, `${w}-${size}-${srcChannels}-${modelChannels}.png`);
    await writeImage(path, w, w, srcChannels);
    const ts = (await prepare(path, spec(size, modelChannels) as never)).crops[0]!;
    const py = trainerTensor(path, size, modelChannels);
    expect(ts.length).toBe(py.length);
    let worst = 0;
    let sum = 0;
    for (let i = 0; i < ts.length; i++) {
      const d = Math.abs(ts[i]! - py[i]!);
      worst = Math.max(worst, d);
      sum += d;
    }
    if (w === size) {
      // Identical pixels: only float rounding separates them.
      expect(worst).toBeLessThan(1e-6);
    } else {
      // PIL and libvips resample bilinearly with different rounding: measured 0.1 grey levels on average,
      // at most 4 at the checker edges.
      expect(sum / ts.length).toBeLessThan(1 / 127.5);
      expect(worst).toBeLessThanOrEqual(8 / 127.5);
    }
  });
});

/** The trainer's tile mode: scale (aspect kept), pad with grey, inference grid (tiling.py). */
function trainerTiles(
  path: string,
  size: number,
  channels: number,
  scale: number,
): { tiles: number[]; origins: number[][] } {
  const code = `import sys, json; sys.path.insert(0, ${JSON.stringify(trainerDir())})
from sightline_trainer.data import open_image, to_channels
from sightline_trainer.tiling import grid, overlap_for, scale_image, to_padded_tensor
t = to_padded_tensor(scale_image(to_channels(open_image(sys.argv[1]), ${channels}), ${scale}), ${size})
tiles, origins = grid(t, ${size}, overlap_for(${size}))
print(json.dumps({"tiles": ((tiles.float() / 255 - 0.5) / 0.5).flatten().tolist(), "origins": origins}))`;
  const res = spawnSync(pythonPath(), ['-c', code, path], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout) as { tiles: number[]; origins: number[][] };
}

describe('tile mode (letterbox, native resolution) matches the trainer', () => {
  it.each([
    ['wide image at native scale: 3x2 tiles, no resize', 100, 60, 1, 1],
    ['image smaller than a tile: padded, not stretched', 30, 20, 1, 1],
    ['colour image at half scale', 130, 90, 0.5, 3],
  ] as const)('%s', async (_name, w, h, scale, channels) => {
    const path = join(tmp.dir, `tile-${w}-${h}-${channels}.png`);
    await writeImage(path, w, h, channels);
    const size = 32;
    const spec = {
      size,
      channels,
      mean: Array(channels).fill(0.5),
      std: Array(channels).fill(0.5),
      resize: 'tile',
      scale,
      overlap: 8,
      pad: 128,
      colour: channels === 3 ? 'rgb' : 'bt601-luma',
      regions: null,
    } as const;
    const ts = await prepare(path, spec as never);
    const py = trainerTiles(path, size, channels, scale);
    expect(ts.tiles!.grid.origins).toEqual(py.origins);
    const flat = new Float32Array(ts.crops.length * ts.crops[0]!.length);
    ts.crops.forEach((c, i) => flat.set(c, i * c.length));
    expect(flat.length).toBe(py.tiles.length);
    let worst = 0;
    let sum = 0;
    for (let i = 0; i < flat.length; i++) {
      const d = Math.abs(flat[i]! - py.tiles[i]!);
      worst = Math.max(worst, d);
      sum += d;
    }
    if (scale === 1) expect(worst).toBeLessThan(1e-6);
    else {
      // Halving: PIL and libvips bilinear differ at the 60-level checker edges (measured at most 9 levels).
      expect(sum / flat.length).toBeLessThan(1 / 127.5);
      expect(worst).toBeLessThanOrEqual(12 / 127.5);
    }
    // Letterbox: the padding is grey 128 (0 after normalisation), the image keeps its aspect ratio.
    if (w < size) expect(ts.crops[0]![size * size - 1]).toBeCloseTo((128 / 255 - 0.5) / 0.5, 6);
  });
});

describe('tile mode with scale views', () => {
  it("cuts each view's grid at its own scale after the main grid's tiles", async () => {
    const path = join(tmp.dir, 'views.png');
    await writeImage(path, 160, 100, 1);
    const base = {
      size: 32,
      channels: 1,
      mean: [0.5],
      std: [0.5],
      resize: 'tile',
      scale: 0.5,
      overlap: 8,
      pad: 128,
      colour: 'bt601-luma',
      regions: null,
    } as const;
    const one = await prepare(path, base as never);
    const two = await prepare(path, { ...base, scaleViews: [1.5] } as never);
    expect(one.views).toBeUndefined();
    expect(two.views).toHaveLength(1);
    const view = two.views![0]!;
    expect(view.spec.scale).toBeCloseTo(0.75, 9);
    expect(view.grid.scaledWidth).toBe(120);
    // The main grid's crops come first, unchanged; the view's follow, with their rects in original pixels.
    const n = one.crops.length;
    expect(two.crops.length).toBe(n + view.grid.origins.length);
    expect(view.grid.origins.length).toBeGreaterThan(n);
    two.crops.slice(0, n).forEach((c, i) => expect(c).toEqual(one.crops[i]));
    expect(two.rects.slice(0, n)).toEqual(one.rects);
    expect(two.rects[n]).toEqual([0, 0, 32 / 0.75, 32 / 0.75]);
    // An image of one tile keeps one view (enlarged it would cost a 2x2 grid).
    const small = join(tmp.dir, 'views-small.png');
    await writeImage(small, 60, 40, 1);
    const single = await prepare(small, { ...base, scaleViews: [1.5] } as never);
    expect(single.views).toBeUndefined();
    expect(single.crops).toHaveLength(1);
  });
});
