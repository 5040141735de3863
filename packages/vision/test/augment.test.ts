// Augmentation: every geometric transform moves the label exactly where it moves the pixels (a white
// rectangle's pixels after the warp vs. the box and polygon after the same plan), masks stay binary and
// follow, photometric changes leave labels alone, and the same seed gives the same image.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  augmentImage,
  augmentLabels,
  augmentMask,
  renderMaskPng,
  rng,
  samplePlan,
  type AugmentPlan,
  type Box,
} from '../src';

const W = 160;
const H = 120;
const BOX: Box = { classIndex: 1, x1: 40, y1: 30, x2: 100, y2: 70 };
const RECT = [BOX.x1, BOX.y1, BOX.x2, BOX.y1, BOX.x2, BOX.y2, BOX.x1, BOX.y2];

const base = (p: Partial<AugmentPlan>): AugmentPlan => ({
  width: W,
  height: H,
  flipH: false,
  flipV: false,
  angle: 0,
  brightness: 0,
  contrast: 0,
  noise: 0,
  seed: 1,
  ...p,
});

async function source(): Promise<Buffer> {
  return sharp({ create: { width: W, height: H, channels: 3, background: 'black' } })
    .composite([
      {
        input: {
          create: { width: BOX.x2 - BOX.x1, height: BOX.y2 - BOX.y1, channels: 3, background: 'white' },
        },
        left: BOX.x1,
        top: BOX.y1,
      },
    ])
    .png()
    .toBuffer();
}

/** Bounds of the pixels ≥ 128 in the first channel, as a box in continuous coordinates. */
async function whiteBounds(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x]! >= 128) {
        x1 = Math.min(x1, x);
        y1 = Math.min(y1, y);
        x2 = Math.max(x2, x + 1);
        y2 = Math.max(y2, y + 1);
      }
  return { x1, y1, x2, y2, pixels: data };
}

const PLANS: [string, AugmentPlan][] = [
  ['horizontal flip', base({ flipH: true })],
  ['vertical flip', base({ flipV: true })],
  ['rotation 30°', base({ angle: 30 })],
  ['rotation −90°', base({ angle: -90 })],
  ['crop and scale', base({ crop: { left: 20, top: 10, width: 100, height: 75 } })],
  [
    'all together',
    base({ flipH: true, flipV: true, angle: 12, crop: { left: 30, top: 20, width: 120, height: 90 } }),
  ],
];

describe('geometric transforms move labels with the pixels', () => {
  it.each(PLANS)('%s: the box matches the transformed pixels', async (_, plan) => {
    const out = await augmentImage(await source(), plan);
    expect([out.width, out.height]).toEqual([W, H]);
    const got = await whiteBounds(out.data);
    const { boxes } = augmentLabels(plan, { boxes: [BOX] });
    expect(boxes).toHaveLength(1);
    const box = boxes[0]!;
    expect(box.classIndex).toBe(1);
    for (const k of ['x1', 'y1', 'x2', 'y2'] as const)
      expect(Math.abs(box[k] - got[k])).toBeLessThanOrEqual(1.5);
  });

  it.each(PLANS)('%s: the polygon and the mask cover the same pixels', async (_, plan) => {
    const mask = await renderMaskPng(W, H, { polygons: [RECT] });
    const moved = await augmentMask(mask, plan);
    const meta = await sharp(moved).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([W, H, 1]);
    const { pixels } = await whiteBounds(moved);
    expect([...pixels].every((v) => v === 0 || v === 255)).toBe(true);
    const { polygons } = augmentLabels(plan, { polygons: [{ classIndex: 0, points: RECT }] });
    expect(polygons).toHaveLength(1);
    const drawn = (await whiteBounds(await renderMaskPng(W, H, { polygons: [polygons[0]!.points] }))).pixels;
    let inter = 0;
    let union = 0;
    for (let i = 0; i < W * H; i++) {
      if (pixels[i] && drawn[i]) inter++;
      if (pixels[i] || drawn[i]) union++;
    }
    expect(inter / union).toBeGreaterThan(0.95);
  });

  it('drops a box pushed out of the image and clips one cut by the edge', () => {
    const plan = base({ crop: { left: 0, top: 0, width: 80, height: 60 } });
    const { boxes } = augmentLabels(plan, {
      boxes: [
        { classIndex: 0, x1: 120, y1: 90, x2: 150, y2: 110 },
        { classIndex: 0, x1: 60, y1: 40, x2: 100, y2: 70 },
      ],
    });
    expect(boxes).toEqual([{ classIndex: 0, x1: 120, y1: 80, x2: 160, y2: 120 }]);
  });
});

describe('photometric transforms and sampling', () => {
  it('brightness, contrast and noise change pixels only; the same seed gives the same image', async () => {
    const src = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#606060' } })
      .png()
      .toBuffer();
    const mean = async (b: Buffer) => (await sharp(b).stats()).channels[0]!.mean;
    const bright = await augmentImage(src, { ...base({ brightness: 0.5 }), width: 40, height: 30 });
    expect(await mean(bright.data)).toBeCloseTo(0x60 * 1.5, 0);
    const flat = await augmentImage(src, { ...base({ contrast: -1 }), width: 40, height: 30 });
    expect(await mean(flat.data)).toBeCloseTo(128, 0);
    const plan = { ...base({ noise: 0.1, seed: 7 }), width: 40, height: 30 };
    const n1 = await augmentImage(src, plan);
    const n2 = await augmentImage(src, plan);
    expect(n1.data.equals(n2.data)).toBe(true);
    expect((await sharp(n1.data).stats()).channels[0]!.stdev).toBeGreaterThan(15);
    const small = { classIndex: 0, x1: 5, y1: 4, x2: 20, y2: 25 };
    expect(augmentLabels(plan, { boxes: [small] }).boxes).toEqual([small]);
  });

  it('samples plans inside the algorithm settings, reproducibly', () => {
    const settings = {
      flipH: 1,
      flipV: 0,
      rotate: 15,
      brightness: 0.2,
      contrast: 0.2,
      noise: 0.02,
      cropScale: 0.5,
    };
    const a = Array.from(
      { length: 50 },
      (
        (r) => () =>
          samplePlan(settings, W, H, r)
      )(rng(3)),
    );
    const b = Array.from(
      { length: 50 },
      (
        (r) => () =>
          samplePlan(settings, W, H, r)
      )(rng(3)),
    );
    expect(a).toEqual(b);
    for (const p of a) {
      expect(p.flipH).toBe(true);
      expect(p.flipV).toBe(false);
      expect(Math.abs(p.angle)).toBeLessThanOrEqual(15);
      expect(Math.abs(p.brightness)).toBeLessThanOrEqual(0.2);
      const share = (p.crop!.width * p.crop!.height) / (W * H);
      expect(share).toBeGreaterThanOrEqual(0.5 - 1e-9);
      expect(p.crop!.left + p.crop!.width).toBeLessThanOrEqual(W + 1e-9);
    }
    const none = samplePlan({}, W, H, rng(1));
    expect(none).toMatchObject({ flipH: false, flipV: false, angle: 0, noise: 0 });
    expect(none.crop).toBeUndefined();
  });
});
