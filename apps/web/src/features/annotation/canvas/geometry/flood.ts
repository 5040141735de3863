// Magic-wand selection: a scanline flood fill from a seed pixel over pixels whose colour differs from
// the seed's by at most `threshold` in every channel (the magic-wand library's rule).
import type { Bitmap } from './mask';

export interface ImagePixels {
  width: number;
  height: number;
  /** RGBA, row-major (ImageData.data). */
  data: Uint8ClampedArray;
}

/**
 * The seed colour: the pressed pixel's, or with `radius` > 0 the per-channel median of the
 * (2r+1)² window around it, so a click on one noisy pixel of a real (grainy) image still picks the
 * colour of the surface around it.
 */
export function seedColour(img: ImagePixels, x0: number, y0: number, radius: number): number[] {
  const { width: w, height: h, data } = img;
  const out: number[] = [];
  for (let c = 0; c < 4; c++) {
    const vals: number[] = [];
    for (let y = Math.max(0, y0 - radius); y <= Math.min(h - 1, y0 + radius); y++)
      for (let x = Math.max(0, x0 - radius); x <= Math.min(w - 1, x0 + radius); x++)
        vals.push(data[(y * w + x) * 4 + c]!);
    vals.sort((p, q) => p - q);
    out.push(vals[vals.length >> 1]!);
  }
  return out;
}

export function floodSelect(
  img: ImagePixels,
  sx: number,
  sy: number,
  threshold: number,
  seedRadius = 0,
): Bitmap {
  const { width: w, height: h, data } = img;
  const bits = new Uint8Array(w * h);
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  if (x0 < 0 || y0 < 0 || x0 >= w || y0 >= h) return { w, h, bits };
  const [r, g, b, a] = seedColour(img, x0, y0, seedRadius) as [number, number, number, number];
  const t = Math.max(0, threshold);
  const visited = new Uint8Array(w * h);
  const match = (i: number) => {
    const k = i * 4;
    return (
      Math.abs(data[k]! - r) <= t &&
      Math.abs(data[k + 1]! - g) <= t &&
      Math.abs(data[k + 2]! - b) <= t &&
      Math.abs(data[k + 3]! - a) <= t
    );
  };
  // The pressed pixel itself is always selected (its colour may be a noise outlier of the median).
  const stack: number[] = [y0 * w + x0];
  bits[y0 * w + x0] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    if (visited[i]) continue;
    const y = Math.floor(i / w);
    let lx = i - y * w;
    let rx = lx;
    // Grow the run to the left and right.
    while (lx > 0 && !visited[y * w + lx - 1] && match(y * w + lx - 1)) lx--;
    while (rx < w - 1 && !visited[y * w + rx + 1] && match(y * w + rx + 1)) rx++;
    for (let x = lx; x <= rx; x++) {
      const k = y * w + x;
      visited[k] = 1;
      bits[k] = 1;
      if (y > 0 && !visited[k - w] && match(k - w)) stack.push(k - w);
      if (y < h - 1 && !visited[k + w] && match(k + w)) stack.push(k + w);
    }
  }
  return { w, h, bits };
}

/**
 * Threshold after dragging (the magic-wand demo's rule): the dominant axis gives the sign, a drag
 * right/down adds a third of its length, left/up takes a fifth; the result stays within [min, max].
 */
export function dragThreshold(start: number, dx: number, dy: number, min = 1, max = 255): number {
  const len = Math.round(Math.hypot(dx, dy));
  if (len === 0) return Math.max(min, Math.min(max, start));
  const major = Math.abs(dx) > Math.abs(dy) ? dx : dy;
  const step = major < 0 ? -len / 5 : len / 3;
  return Math.max(min, Math.min(max, start + Math.floor(step)));
}
