// Augmentation pixels: sharp decodes and encodes; the geometric warp samples every output pixel centre
// through the inverse of the plan's matrix (bilinear for images, nearest for masks) so that pixels and
// labels (geometry.ts) share one map. Brightness and contrast are one sharp linear(); noise is seeded.
import sharp from 'sharp';
import type { Box } from '../dataset/types';
import {
  type AugmentPlan,
  invert,
  planMatrix,
  rng,
  transformBox,
  transformPolygon,
  type Affine,
} from './geometry';

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

function isIdentity(plan: AugmentPlan): boolean {
  return !plan.flipH && !plan.flipV && !plan.angle && !plan.crop;
}

/** Resamples `src` through the plan; outside the source is black (0). */
export function warp(src: Raw, plan: AugmentPlan, kernel: 'bilinear' | 'nearest'): Raw {
  const { width: W, height: H, channels: C, data } = src;
  const inv: Affine = invert(planMatrix(plan));
  const out = Buffer.alloc(W * H * C);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      // Output pixel centre → source continuous coordinates → source pixel-index coordinates.
      const ox = u + 0.5;
      const oy = v + 0.5;
      const sx = inv[0] * ox + inv[1] * oy + inv[2] - 0.5;
      const sy = inv[3] * ox + inv[4] * oy + inv[5] - 0.5;
      const o = (v * W + u) * C;
      if (kernel === 'nearest') {
        const x = Math.round(sx);
        const y = Math.round(sy);
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        data.copy(out, o, (y * W + x) * C, (y * W + x) * C + C);
        continue;
      }
      if (sx < -0.5 || sy < -0.5 || sx > W - 0.5 || sy > H - 0.5) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const xa = Math.min(W - 1, Math.max(0, x0));
      const xb = Math.min(W - 1, Math.max(0, x0 + 1));
      const ya = Math.min(H - 1, Math.max(0, y0));
      const yb = Math.min(H - 1, Math.max(0, y0 + 1));
      for (let c = 0; c < C; c++) {
        const p00 = data[(ya * W + xa) * C + c]!;
        const p10 = data[(ya * W + xb) * C + c]!;
        const p01 = data[(yb * W + xa) * C + c]!;
        const p11 = data[(yb * W + xb) * C + c]!;
        out[o + c] = Math.round(
          p00 * (1 - fx) * (1 - fy) + p10 * fx * (1 - fy) + p01 * (1 - fx) * fy + p11 * fx * fy,
        );
      }
    }
  }
  return { data: out, width: W, height: H, channels: C };
}

/** Box–Muller normal samples from the plan's seed. */
function addNoise(raw: Raw, sigma: number, seed: number) {
  const random = rng(seed);
  const s = sigma * 255;
  const colour = raw.channels === 4 ? 3 : raw.channels; // alpha untouched
  for (let i = 0; i < raw.data.length; i += raw.channels) {
    for (let c = 0; c < colour; c++) {
      const n = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      raw.data[i + c] = Math.min(255, Math.max(0, Math.round(raw.data[i + c]! + n * s)));
    }
  }
}

export interface AugmentedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The augmented image, encoded as `format` (png or jpeg; jpeg for jpeg sources keeps sizes small).
 * Its size is the source size.
 */
export async function augmentImage(
  input: Buffer | string,
  plan: AugmentPlan,
  format: 'png' | 'jpeg' = 'png',
): Promise<AugmentedImage> {
  const decoded = await sharp(input).rotate().raw().toBuffer({ resolveWithObject: true });
  let raw: Raw = { data: decoded.data, ...decoded.info };
  if (raw.width !== plan.width || raw.height !== plan.height)
    throw new Error(
      `augmentImage: plan is for ${plan.width}×${plan.height}, image is ${raw.width}×${raw.height}`,
    );
  if (!isIdentity(plan)) raw = warp(raw, plan, 'bilinear');
  let img = sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: raw.channels as 1 | 3 | 4 },
  });
  if (plan.brightness || plan.contrast) {
    // out = ((in × (1 + b)) − 128) × (1 + c) + 128
    const a = (1 + plan.brightness) * (1 + plan.contrast);
    const b = 128 * (1 - (1 + plan.contrast));
    const ch = raw.channels === 4 ? 3 : raw.channels;
    img = img.linear(Array(ch).fill(a), Array(ch).fill(b));
  }
  if (plan.noise > 0) {
    const lin = await img.raw().toBuffer({ resolveWithObject: true });
    const noisy: Raw = { data: lin.data, ...lin.info };
    addNoise(noisy, plan.noise, plan.seed);
    img = sharp(noisy.data, {
      raw: { width: noisy.width, height: noisy.height, channels: noisy.channels as 1 | 3 | 4 },
    });
  }
  if (raw.channels === 1) img = img.toColourspace('b-w');
  const data = format === 'jpeg' ? await img.jpeg({ quality: 92 }).toBuffer() : await img.png().toBuffer();
  return { data, width: raw.width, height: raw.height };
}

/** A binary mask through the plan's geometry only (nearest neighbour: stays binary); grey PNG out. */
export async function augmentMask(input: Buffer | string, plan: AugmentPlan): Promise<Buffer> {
  const { data, info } = await sharp(input)
    .resize(plan.width, plan.height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return augmentMaskPixels(data, info.width, info.height, plan);
}

/** A one-channel mask already in memory (width × height, 0 or 255) after the plan, as a PNG. */
export async function augmentMaskPixels(
  data: Uint8Array,
  width: number,
  height: number,
  plan: AugmentPlan,
): Promise<Buffer> {
  const raw = isIdentity(plan)
    ? { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 1 }
    : warp(
        { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 1 },
        plan,
        'nearest',
      );
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** Labels of one image after the plan (objects pushed out of the image are dropped). */
export function augmentLabels(
  plan: AugmentPlan,
  labels: { boxes?: Box[]; polygons?: { classIndex: number; points: number[] }[] },
): { boxes: Box[]; polygons: { classIndex: number; points: number[] }[] } {
  const m = planMatrix(plan);
  return {
    boxes: (labels.boxes ?? []).flatMap((b) => transformBox(plan, b, m) ?? []),
    polygons: (labels.polygons ?? []).flatMap((p) => {
      const points = transformPolygon(plan, p.points, m);
      return points ? [{ classIndex: p.classIndex, points }] : [];
    }),
  };
}
