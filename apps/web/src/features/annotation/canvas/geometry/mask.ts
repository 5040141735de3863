// Binary mask kernels: rasterise, erase, union, crop, IoU and outline tracing. Masks are row-major
// Uint8Array (1 = set) with their own width and height; MaskData places one in image pixels.
import type { MaskData, Point, Rect } from '../types';
import { simplifyClosed } from './simplify';

export interface Bitmap {
  w: number;
  h: number;
  bits: Uint8Array;
}

export const emptyBitmap = (w: number, h: number): Bitmap => ({ w, h, bits: new Uint8Array(w * h) });

/** Fills a polygon (even-odd, pixel centres) into the bitmap. */
export function fillPolygon(bm: Bitmap, pts: readonly Point[], value = 1): Bitmap {
  if (pts.length < 3) return bm;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const p of pts) {
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  const xs: number[] = [];
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(bm.h - 1, Math.ceil(y1)); y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const a = pts[i]!;
      const b = pts[j]!;
      if (a.y > cy !== b.y > cy) xs.push(a.x + ((cy - a.y) * (b.x - a.x)) / (b.y - a.y));
    }
    xs.sort((m, n) => m - n);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(bm.w - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) bm.bits[y * bm.w + x] = value;
    }
  }
  return bm;
}

/** Stamps a disc of radius r at every step of the polyline (brush and eraser strokes). */
export function strokePath(bm: Bitmap, pts: readonly Point[], r: number, value: 0 | 1): Bitmap {
  const stamp = (c: Point) => {
    const x0 = Math.max(0, Math.floor(c.x - r));
    const x1 = Math.min(bm.w - 1, Math.ceil(c.x + r));
    const y0 = Math.max(0, Math.floor(c.y - r));
    const y1 = Math.min(bm.h - 1, Math.ceil(c.y + r));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++)
        if ((x + 0.5 - c.x) ** 2 + (y + 0.5 - c.y) ** 2 <= r * r) bm.bits[y * bm.w + x] = value;
  };
  if (pts.length === 1) stamp(pts[0]!);
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / Math.max(0.5, r / 2)));
    for (let s = 0; s <= steps; s++)
      stamp({ x: a.x + ((b.x - a.x) * s) / steps, y: a.y + ((b.y - a.y) * s) / steps });
  }
  return bm;
}

export function countBits(bits: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) n += bits[i]!;
  return n;
}

export function unionInto(target: Bitmap, src: Bitmap): Bitmap {
  for (let i = 0; i < target.bits.length; i++) if (src.bits[i]) target.bits[i] = 1;
  return target;
}

export function iou(a: Bitmap, b: Bitmap): number {
  let inter = 0;
  let uni = 0;
  for (let i = 0; i < a.bits.length; i++) {
    const x = a.bits[i]! | 0;
    const y = b.bits[i]! | 0;
    inter += x & y;
    uni += x | y;
  }
  return uni === 0 ? 0 : inter / uni;
}

/** Crops a full-image bitmap to the bounding box of its set bits (null when empty). */
export function cropToMask(bm: Bitmap): MaskData | null {
  let x0 = bm.w;
  let y0 = bm.h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < bm.h; y++)
    for (let x = 0; x < bm.w; x++)
      if (bm.bits[y * bm.w + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return null;
  const rect: Rect = { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  const bits = new Uint8Array(rect.w * rect.h);
  for (let y = 0; y < rect.h; y++)
    bits.set(bm.bits.subarray((y + y0) * bm.w + x0, (y + y0) * bm.w + x0 + rect.w), y * rect.w);
  return { rect, bits };
}

/** Places MaskData into a full-image bitmap of w × h. */
export function maskToBitmap(m: MaskData, w: number, h: number): Bitmap {
  const bm = emptyBitmap(w, h);
  for (let y = 0; y < m.rect.h; y++) {
    const iy = y + m.rect.y;
    if (iy < 0 || iy >= h) continue;
    for (let x = 0; x < m.rect.w; x++) {
      const ix = x + m.rect.x;
      if (ix >= 0 && ix < w && m.bits[y * m.rect.w + x]) bm.bits[iy * w + ix] = 1;
    }
  }
  return bm;
}

/**
 * Outer outlines of the bitmap's connected regions (Moore-neighbour tracing on pixel corners),
 * simplified with (tolerance, count); regions smaller than minArea pixels are skipped.
 */
export function traceOutlines(bm: Bitmap, tolerance = 0, count = 0, minArea = 1): Point[][] {
  const { w, h, bits } = bm;
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? bits[y * w + x]! : 0);
  const seen = new Uint8Array(w * h);
  const out: Point[][] = [];
  const stack: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!bits[i] || seen[i]) continue;
      // Label the component (4-connected) to mark it seen and measure its area.
      let area = 0;
      stack.push(i);
      seen[i] = 1;
      while (stack.length) {
        const k = stack.pop()!;
        area++;
        const kx = k % w;
        const ky = (k - kx) / w;
        for (const [nx, ny] of [
          [kx + 1, ky],
          [kx - 1, ky],
          [kx, ky + 1],
          [kx, ky - 1],
        ] as const) {
          if (at(nx, ny) && !seen[ny * w + nx]) {
            seen[ny * w + nx] = 1;
            stack.push(ny * w + nx);
          }
        }
      }
      if (area < minArea) continue;
      // (x, y) is the top-left pixel of the component in scan order: walk its boundary on pixel corners
      // with the set pixel kept on the right-hand side.
      const ring = traceFrom(at, x, y);
      out.push(tolerance > 0 ? simplifyClosed(ring, tolerance, count) : ring);
    }
  return out;
}

/**
 * Fills the holes of at most `maxArea` pixels (8-connected unset regions that do not reach the border):
 * the pinholes a colour selection leaves on a grainy surface. Returns the number of pixels filled.
 */
export function fillSmallHoles(bm: Bitmap, maxArea: number): number {
  const { w, bits } = bm;
  // Holes lie inside the box of the set pixels; unset pixels on its edge reach the outside.
  let bx0 = bm.w,
    by0 = bm.h,
    bx1 = -1,
    by1 = -1;
  for (let y = 0; y < bm.h; y++)
    for (let x = 0; x < w; x++)
      if (bits[y * w + x]) {
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
        if (y < by0) by0 = y;
        if (y > by1) by1 = y;
      }
  if (bx1 < 0) return 0;
  const seen = new Uint8Array(w * bm.h);
  const region: number[] = [];
  const stack: number[] = [];
  let filled = 0;
  for (let sy = by0; sy <= by1; sy++)
    for (let sx = bx0; sx <= bx1; sx++) {
      const start = sy * w + sx;
      if (bits[start] || seen[start]) continue;
      region.length = 0;
      let border = false;
      stack.push(start);
      seen[start] = 1;
      while (stack.length) {
        const k = stack.pop()!;
        region.push(k);
        const kx = k % w;
        const ky = (k - kx) / w;
        if (kx === bx0 || ky === by0 || kx === bx1 || ky === by1) border = true;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = kx + dx;
            const ny = ky + dy;
            if (nx < bx0 || ny < by0 || nx > bx1 || ny > by1) continue;
            const j = ny * w + nx;
            if (!bits[j] && !seen[j]) {
              seen[j] = 1;
              stack.push(j);
            }
          }
      }
      if (!border && region.length <= maxArea) {
        for (const k of region) bits[k] = 1;
        filled += region.length;
      }
    }
  return filled;
}

/**
 * Whether the bitmap has a hole: unset pixels that no 8-connected path of unset pixels links to the
 * outside (the complement of 4-connected regions, which `traceOutlines` outlines without their holes).
 */
export function hasHoles(bm: Bitmap): boolean {
  const { w, h, bits } = bm;
  const out = new Uint8Array(w * h);
  const stack: number[] = [];
  const seed = (x: number, y: number) => {
    const i = y * w + x;
    if (!bits[i] && !out[i]) {
      out[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x, 0);
    seed(x, h - 1);
  }
  for (let y = 0; y < h; y++) {
    seed(0, y);
    seed(w - 1, y);
  }
  while (stack.length) {
    const k = stack.pop()!;
    const kx = k % w;
    const ky = (k - kx) / w;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = kx + dx;
        const ny = ky + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h) seed(nx, ny);
      }
  }
  for (let i = 0; i < bits.length; i++) if (!bits[i] && !out[i]) return true;
  return false;
}

// Corner walk: directions 0 right, 1 down, 2 left, 3 up; the pixel to the right of the direction of travel is set.
function traceFrom(at: (x: number, y: number) => number, sx: number, sy: number): Point[] {
  const pts: Point[] = [];
  let x = sx;
  let y = sy;
  let dir = 0;
  const maxSteps = 4 * 4096 * 4096;
  for (let step = 0; step < maxSteps; step++) {
    pts.push({ x, y });
    // Pixels around corner (x, y): tl (x-1,y-1), tr (x,y-1), bl (x-1,y), br (x,y).
    const tl = at(x - 1, y - 1);
    const tr = at(x, y - 1);
    const bl = at(x - 1, y);
    const br = at(x, y);
    // Choose the next direction keeping set pixels on the right (clockwise outer boundary).
    if (dir === 0) dir = br ? (tr ? 3 : 0) : 1;
    else if (dir === 1) dir = bl ? (br ? 0 : 1) : 2;
    else if (dir === 2) dir = tl ? (bl ? 1 : 2) : 3;
    else dir = tr ? (tl ? 2 : 3) : 0;
    if (dir === 0) x++;
    else if (dir === 1) y++;
    else if (dir === 2) x--;
    else y--;
    if (x === sx && y === sy) break;
  }
  return dropCollinear(pts);
}

function dropCollinear(pts: Point[]): Point[] {
  if (pts.length < 3) return pts;
  return pts.filter((p, i) => {
    const a = pts[(i - 1 + pts.length) % pts.length]!;
    const b = pts[(i + 1) % pts.length]!;
    return (p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x) !== 0;
  });
}
