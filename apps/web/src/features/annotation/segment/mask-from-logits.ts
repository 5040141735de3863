// Decoder logits (a square grid over the whole image) → MaskData in image pixels: the components of
// the thresholded grid that hold a positive click (all of them when no click lands inside), sampled
// back at image resolution within their bounding box.
import type { MaskData } from '../canvas/types';
import type { SegmentClick } from '../canvas/tools/tool';

export function maskFromLogits(
  logits: Float32Array,
  size: number,
  imageW: number,
  imageH: number,
  clicks: readonly SegmentClick[],
): MaskData | null {
  const on = new Uint8Array(size * size);
  for (let i = 0; i < on.length; i++) on[i] = logits[i]! > 0 ? 1 : 0;
  const keep = new Uint8Array(size * size);
  const stack: number[] = [];
  let seeded = false;
  for (const c of clicks) {
    if (c.type !== 1) continue;
    const gx = Math.min(size - 1, Math.max(0, Math.floor((c.x / imageW) * size)));
    const gy = Math.min(size - 1, Math.max(0, Math.floor((c.y / imageH) * size)));
    const k = gy * size + gx;
    if (on[k] && !keep[k]) {
      keep[k] = 1;
      stack.push(k);
      seeded = true;
    }
  }
  while (stack.length) {
    const k = stack.pop()!;
    const x = k % size;
    const y = (k - x) / size;
    const next = [
      x > 0 ? k - 1 : -1,
      x < size - 1 ? k + 1 : -1,
      y > 0 ? k - size : -1,
      y < size - 1 ? k + size : -1,
    ];
    for (const n of next)
      if (n >= 0 && on[n] && !keep[n]) {
        keep[n] = 1;
        stack.push(n);
      }
  }
  const grid = seeded ? keep : on;
  let gx0 = size;
  let gy0 = size;
  let gx1 = -1;
  let gy1 = -1;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (grid[y * size + x]) {
        gx0 = Math.min(gx0, x);
        gx1 = Math.max(gx1, x);
        gy0 = Math.min(gy0, y);
        gy1 = Math.max(gy1, y);
      }
  if (gx1 < 0) return null;
  // Image rectangle of the kept cells (one cell of margin for the bilinear edge).
  const sx = imageW / size;
  const sy = imageH / size;
  const x0 = Math.max(0, Math.floor((gx0 - 1) * sx));
  const y0 = Math.max(0, Math.floor((gy0 - 1) * sy));
  const x1 = Math.min(imageW, Math.ceil((gx1 + 2) * sx));
  const y1 = Math.min(imageH, Math.ceil((gy1 + 2) * sy));
  const w = x1 - x0;
  const h = y1 - y0;
  const bits = new Uint8Array(w * h);
  // Bilinear logits inside kept (or neighbouring) cells give smooth outlines at image resolution.
  const at = (x: number, y: number) => {
    const cx = Math.min(size - 1, Math.max(0, x));
    const cy = Math.min(size - 1, Math.max(0, y));
    return grid[cy * size + cx] ? logits[cy * size + cx]! : Math.min(logits[cy * size + cx]!, -1e-3);
  };
  for (let y = 0; y < h; y++) {
    const fy = ((y0 + y + 0.5) / imageH) * size - 0.5;
    const iy = Math.floor(fy);
    const ty = fy - iy;
    for (let x = 0; x < w; x++) {
      const fx = ((x0 + x + 0.5) / imageW) * size - 0.5;
      const ix = Math.floor(fx);
      const tx = fx - ix;
      const v =
        (at(ix, iy) * (1 - tx) + at(ix + 1, iy) * tx) * (1 - ty) +
        (at(ix, iy + 1) * (1 - tx) + at(ix + 1, iy + 1) * tx) * ty;
      if (v > 0) bits[y * w + x] = 1;
    }
  }
  return { rect: { x: x0, y: y0, w, h }, bits };
}
