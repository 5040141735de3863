// Augmentation geometry as pure kernels: a plan (flips, rotation, crop-and-scale) is one affine map from
// source pixels to output pixels; boxes and polygons go through the forward map, pixels (augment.ts) are
// sampled through its inverse, so a label can never drift from its image. Coordinates are continuous
// pixel coordinates: the image spans 0..width, 0..height, a pixel (i, j) covers i..i+1, j..j+1.
import type { Box } from '../dataset/types';

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One augmented copy: geometric part (labels follow it) and photometric part (labels do not care). */
export interface AugmentPlan {
  /** Source size; the output has the same size. */
  width: number;
  height: number;
  flipH: boolean;
  flipV: boolean;
  /** Degrees, clockwise on screen, about the image centre; corners leaving the image are cut. */
  angle: number;
  /** Part of the (flipped, rotated) image kept and scaled back to width × height; whole image when absent. */
  crop?: CropRect;
  /** Relative brightness change (0.1 = 10 % brighter). */
  brightness: number;
  /** Relative contrast change around mid-grey. */
  contrast: number;
  /** Gaussian noise standard deviation on a 0..1 scale. */
  noise: number;
  /** Seeds the noise. */
  seed: number;
}

/** Row-major 2×3 affine matrix: x' = a x + b y + c, y' = d x + e y + f. */
export type Affine = [number, number, number, number, number, number];

const compose = (m: Affine, n: Affine): Affine => [
  // m ∘ n: apply n first.
  m[0] * n[0] + m[1] * n[3],
  m[0] * n[1] + m[1] * n[4],
  m[0] * n[2] + m[1] * n[5] + m[2],
  m[3] * n[0] + m[4] * n[3],
  m[3] * n[1] + m[4] * n[4],
  m[3] * n[2] + m[4] * n[5] + m[5],
];

export function planMatrix(plan: AugmentPlan): Affine {
  const { width: W, height: H } = plan;
  let m: Affine = [1, 0, 0, 0, 1, 0];
  if (plan.flipH) m = compose([-1, 0, W, 0, 1, 0], m);
  if (plan.flipV) m = compose([1, 0, 0, 0, -1, H], m);
  if (plan.angle) {
    const t = (plan.angle * Math.PI) / 180;
    const [cos, sin] = [Math.cos(t), Math.sin(t)];
    const [cx, cy] = [W / 2, H / 2];
    m = compose([cos, -sin, cx - cos * cx + sin * cy, sin, cos, cy - sin * cx - cos * cy], m);
  }
  if (plan.crop) {
    const { left, top, width, height } = plan.crop;
    const sx = W / width;
    const sy = H / height;
    m = compose([sx, 0, -left * sx, 0, sy, -top * sy], m);
  }
  return m;
}

export function invert(m: Affine): Affine {
  const det = m[0] * m[4] - m[1] * m[3];
  const [a, b, d, e] = [m[4] / det, -m[1] / det, -m[3] / det, m[0] / det];
  return [a, b, -(a * m[2] + b * m[5]), d, e, -(d * m[2] + e * m[5])];
}

export const apply = (m: Affine, x: number, y: number): [number, number] => [
  m[0] * x + m[1] * y + m[2],
  m[3] * x + m[4] * y + m[5],
];

/** Share of a box's transformed area that must stay inside the image for the box to be kept. */
export const MIN_VISIBLE_SHARE = 0.25;

/**
 * A box after the plan: the axis-aligned bounds of its transformed corners, clipped to the image; null
 * when less than MIN_VISIBLE_SHARE of it (or less than a pixel across) stays visible.
 */
export function transformBox(plan: AugmentPlan, box: Box, m = planMatrix(plan)): Box | null {
  const corners = [
    apply(m, box.x1, box.y1),
    apply(m, box.x2, box.y1),
    apply(m, box.x2, box.y2),
    apply(m, box.x1, box.y2),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const cx1 = Math.max(0, x1);
  const cy1 = Math.max(0, y1);
  const cx2 = Math.min(plan.width, x2);
  const cy2 = Math.min(plan.height, y2);
  if (cx2 - cx1 < 1 || cy2 - cy1 < 1) return null;
  const share = ((cx2 - cx1) * (cy2 - cy1)) / Math.max(1e-9, (x2 - x1) * (y2 - y1));
  if (share < MIN_VISIBLE_SHARE) return null;
  return { classIndex: box.classIndex, x1: cx1, y1: cy1, x2: cx2, y2: cy2 };
}

/** Shoelace area of a flat [x0, y0, x1, y1, …] polygon. */
export function polygonArea(points: readonly number[]): number {
  let s = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    s += points[2 * i]! * points[2 * j + 1]! - points[2 * j]! * points[2 * i + 1]!;
  }
  return Math.abs(s) / 2;
}

/** Sutherland–Hodgman clip of a polygon to 0..width × 0..height. */
export function clipPolygon(points: readonly number[], width: number, height: number): number[] {
  type P = [number, number];
  let poly: P[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) poly.push([points[i]!, points[i + 1]!]);
  const edges: [(p: P) => boolean, (a: P, b: P) => P][] = [
    [(p) => p[0] >= 0, (a, b) => lerpAt(a, b, 0, 0)],
    [(p) => p[0] <= width, (a, b) => lerpAt(a, b, 0, width)],
    [(p) => p[1] >= 0, (a, b) => lerpAt(a, b, 1, 0)],
    [(p) => p[1] <= height, (a, b) => lerpAt(a, b, 1, height)],
  ];
  for (const [inside, cut] of edges) {
    const out: P[] = [];
    for (let i = 0; i < poly.length; i++) {
      const cur = poly[i]!;
      const prev = poly[(i + poly.length - 1) % poly.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    poly = out;
    if (!poly.length) break;
  }
  return poly.flat();
}

function lerpAt(a: [number, number], b: [number, number], axis: 0 | 1, v: number): [number, number] {
  const t = (v - a[axis]) / (b[axis] - a[axis]);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

/** A polygon after the plan, clipped to the image; null when under a square pixel remains. */
export function transformPolygon(
  plan: AugmentPlan,
  points: readonly number[],
  m = planMatrix(plan),
): number[] | null {
  const moved: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) moved.push(...apply(m, points[i]!, points[i + 1]!));
  const clipped = clipPolygon(moved, plan.width, plan.height);
  return clipped.length >= 6 && polygonArea(clipped) >= 1 ? clipped : null;
}

/** Seeded uniform 0..1 (mulberry32): the same seed gives the same augmented set. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The augmentation settings of an algorithm (augment-basic: flipH, flipV probabilities; rotate, the
 * largest angle; brightness, contrast, the largest relative change; noise, σ; cropScale, the smallest
 * area share kept). A missing key turns its operation off.
 */
export type AugmentSettings = Partial<
  Record<'flipH' | 'flipV' | 'rotate' | 'brightness' | 'contrast' | 'noise' | 'cropScale', number>
>;

export function samplePlan(
  settings: AugmentSettings,
  width: number,
  height: number,
  random: () => number,
): AugmentPlan {
  const sym = (max = 0) => (max > 0 ? (random() * 2 - 1) * max : 0);
  const plan: AugmentPlan = {
    width,
    height,
    flipH: random() < (settings.flipH ?? 0),
    flipV: random() < (settings.flipV ?? 0),
    angle: sym(settings.rotate),
    brightness: sym(settings.brightness),
    contrast: sym(settings.contrast),
    noise: settings.noise ?? 0,
    seed: Math.floor(random() * 2 ** 31),
  };
  const minShare = settings.cropScale ?? 1;
  if (minShare < 1) {
    const share = minShare + random() * (1 - minShare);
    const k = Math.sqrt(share);
    const [cw, ch] = [width * k, height * k];
    plan.crop = { left: random() * (width - cw), top: random() * (height - ch), width: cw, height: ch };
  }
  return plan;
}
