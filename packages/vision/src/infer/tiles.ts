// Native-resolution tiles, the same grid as the trainer (packages/trainer/sightline_trainer/tiling.py): the
// image is scaled by one factor (aspect ratio kept), padded at the right/bottom to at least one tile with grey
// PAD (letterbox, never stretched), cut into size x size tiles overlapping by `overlap`, and the per-tile outputs
// are stitched back in original coordinates: sg probabilities averaged where tiles overlap, od boxes cut by an
// inner tile border dropped when a neighbouring tile holds them whole, then merged by NMS.
import type { Detection } from './types';
import { boxIou, nms } from './geometry';
import { normalised } from './normalise';

export interface TileSpec {
  size: number;
  scale: number;
  overlap: number;
  pad: number;
}

export interface TileGrid {
  /** Scaled image size, and the padded canvas (>= one tile each way). */
  scaledWidth: number;
  scaledHeight: number;
  canvasWidth: number;
  canvasHeight: number;
  /** Tile origins on the canvas, row by row. */
  origins: [number, number][];
}

/** Tile starts covering [0, length) with tiles of `size` overlapping by at least `overlap`; the last ends at the edge. */
export function tileOrigins(length: number, size: number, overlap: number): number[] {
  if (length <= size) return [0];
  const n = Math.max(2, Math.ceil((length - overlap) / (size - overlap)));
  const step = (length - size) / (n - 1);
  return Array.from({ length: n }, (_, i) => Math.floor(i * step + 0.5));
}

export function scaledSize(width: number, height: number, scale: number): [number, number] {
  return [Math.max(1, Math.floor(width * scale + 0.5)), Math.max(1, Math.floor(height * scale + 0.5))];
}

export function tileGrid(width: number, height: number, spec: TileSpec): TileGrid {
  const [sw, sh] = scaledSize(width, height, spec.scale);
  const cw = Math.max(sw, spec.size);
  const ch = Math.max(sh, spec.size);
  const origins: [number, number][] = [];
  for (const y of tileOrigins(ch, spec.size, spec.overlap))
    for (const x of tileOrigins(cw, spec.size, spec.overlap)) origins.push([x, y]);
  return { scaledWidth: sw, scaledHeight: sh, canvasWidth: cw, canvasHeight: ch, origins };
}

/** Pads an HWC image (already scaled) to the canvas and cuts normalised NCHW tiles. */
export function cutTiles(
  hwc: Uint8Array | Buffer,
  stride: number,
  grid: TileGrid,
  spec: TileSpec,
  channels: number,
  mean: number[],
  std: number[],
): Float32Array[] {
  const { size } = spec;
  const plane = size * size;
  return grid.origins.map(([ox, oy]) => {
    const out = new Float32Array(channels * plane);
    for (let c = 0; c < channels; c++) {
      const lut = normalised(mean[c]!, std[c]!);
      const padValue = lut[spec.pad] ?? (spec.pad / 255 - mean[c]!) / std[c]!;
      for (let y = 0; y < size; y++) {
        const sy = oy + y;
        for (let x = 0; x < size; x++) {
          const sx = ox + x;
          const inside = sx < grid.scaledWidth && sy < grid.scaledHeight;
          out[c * plane + y * size + x] = inside
            ? lut[hwc[(sy * grid.scaledWidth + sx) * stride + c]!]!
            : padValue;
        }
      }
    }
    return out;
  });
}

/** Tile rectangle in original pixels (may reach past the image into the padding). */
export function tileRect(origin: [number, number], spec: TileSpec): [number, number, number, number] {
  return [origin[0] / spec.scale, origin[1] / spec.scale, spec.size / spec.scale, spec.size / spec.scale];
}

/**
 * sg: per-tile class probabilities [K+1, S, S] averaged on the scaled canvas where tiles overlap, argmax,
 * then sampled (nearest) back to the original width x height.
 */
export function stitchSgLabels(
  tiles: Float32Array[],
  classes1: number,
  grid: TileGrid,
  spec: TileSpec,
  width: number,
  height: number,
): Uint8Array {
  const { size } = spec;
  const plane = size * size;
  const sw = grid.scaledWidth;
  const sh = grid.scaledHeight;
  const acc = new Float32Array(classes1 * sw * sh);
  const count = new Uint16Array(sw * sh);
  tiles.forEach((probs, t) => {
    const [ox, oy] = grid.origins[t]!;
    for (let y = 0; y < size && oy + y < sh; y++) {
      for (let x = 0; x < size && ox + x < sw; x++) {
        const p = (oy + y) * sw + ox + x;
        count[p]!++;
        for (let c = 0; c < classes1; c++) acc[c * sw * sh + p]! += probs[c * plane + y * size + x]!;
      }
    }
  });
  const small = new Uint8Array(sw * sh);
  for (let p = 0; p < sw * sh; p++) {
    let best = 0;
    for (let c = 1; c < classes1; c++) if (acc[c * sw * sh + p]! > acc[best * sw * sh + p]!) best = c;
    small[p] = best;
  }
  if (sw === width && sh === height) return small;
  const labels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(sh - 1, Math.floor((y + 0.5) * spec.scale));
    for (let x = 0; x < width; x++)
      labels[y * width + x] = small[sy * sw + Math.min(sw - 1, Math.floor((x + 0.5) * spec.scale))]!;
  }
  return labels;
}

/**
 * ad: per-tile heatmaps [S, S] -> one heatmap of the whole image: the maximum where tiles overlap on the scaled
 * canvas (padding dropped), sampled (nearest) onto an n x n grid spanning the image, n = the scaled long side
 * (at least one tile). The result pages and pixel AUROC then see the image once, not tile by tile.
 */
export function stitchHeatmap(
  tiles: ArrayLike<number>[],
  grid: TileGrid,
  spec: TileSpec,
): { size: number; data: Float32Array } {
  const { size } = spec;
  const sw = grid.scaledWidth;
  const sh = grid.scaledHeight;
  const canvas = new Float32Array(sw * sh);
  tiles.forEach((map, t) => {
    const [ox, oy] = grid.origins[t]!;
    for (let y = 0; y < size && oy + y < sh; y++) {
      for (let x = 0; x < size && ox + x < sw; x++) {
        const p = (oy + y) * sw + ox + x;
        canvas[p] = Math.max(canvas[p]!, map[y * size + x]!);
      }
    }
  });
  const n = Math.max(size, sw, sh);
  const data = new Float32Array(n * n);
  for (let r = 0; r < n; r++) {
    const sy = Math.min(sh - 1, Math.floor(((r + 0.5) * sh) / n));
    for (let c = 0; c < n; c++)
      data[r * n + c] = canvas[sy * sw + Math.min(sw - 1, Math.floor(((c + 0.5) * sw) / n))]!;
  }
  return { size: n, data };
}

/**
 * od: boxes of every tile (original coordinates) -> boxes of the image. A box touching an inner tile border is
 * a cut object; when it is smaller than the overlap along that axis, a neighbouring tile holds it whole, so the
 * cut copy is dropped. The rest are clipped to the image and merged by class-wise NMS.
 */
export function stitchDetections(
  perTile: Detection[][],
  grid: TileGrid,
  spec: TileSpec,
  width: number,
  height: number,
  nmsIou: number,
  max: number,
): Detection[] {
  const eps = 1.5 / spec.scale;
  const ov = spec.overlap / spec.scale;
  const kept: Detection[] = [];
  perTile.forEach((dets, t) => {
    const [x0, y0, w, h] = tileRect(grid.origins[t]!, spec);
    const innerLeft = grid.origins[t]![0] > 0;
    const innerTop = grid.origins[t]![1] > 0;
    const innerRight = grid.origins[t]![0] + spec.size < grid.canvasWidth;
    const innerBottom = grid.origins[t]![1] + spec.size < grid.canvasHeight;
    for (const d of dets) {
      const bw = d.x2 - d.x1;
      const bh = d.y2 - d.y1;
      const cutX = (innerLeft && d.x1 <= x0 + eps) || (innerRight && d.x2 >= x0 + w - eps);
      const cutY = (innerTop && d.y1 <= y0 + eps) || (innerBottom && d.y2 >= y0 + h - eps);
      if ((cutX && bw < ov - eps) || (cutY && bh < ov - eps)) continue;
      kept.push({
        ...d,
        x1: Math.max(0, d.x1),
        y1: Math.max(0, d.y1),
        x2: Math.min(width, d.x2),
        y2: Math.min(height, d.y2),
      });
    }
  });
  return nms(
    kept.filter((d) => d.x2 > d.x1 && d.y2 > d.y1),
    nmsIou,
    max,
  );
}

/** Overlap from which boxes of two scale views are one object (0.4 read 0.9508 against 0.9517 at 0.55). */
export const SCALE_VIEW_IOU = 0.55;

/**
 * od multi-scale inference: the detections of each scale view (each already stitched and merged by NMS; the
 * first is the model's own scale) fused into one list. Same-class boxes of different views that overlap by at
 * least `iou` form one object, whose score is the sum of its views' scores divided by the number of views (a
 * view that saw nothing counts as 0, so a box found at one scale only loses rank). Its corners are the first
 * view's box where it has one, else the best-scoring view's: at a scale it was not trained at the network
 * localises worse (DeepPCB, one model: mAP@0.5:0.95 0.59 at 1.125 against 0.70 at its own scale, while mAP@0.5
 * is nearly the same), and averaging the corners lowered mAP@0.5:0.95 to 0.68. With the views 1 and 1.125 that
 * model's test mAP@0.5 went from 0.9465 to 0.9527, mAP@0.5:0.95 from 0.7046 to 0.7082 (README, session 14).
 */
export function fuseScaleViews(views: Detection[][], iou: number, nmsIou: number, max: number): Detection[] {
  if (views.length === 1) return views[0]!;
  const all = views
    .flatMap((dets, view) => dets.map((d) => ({ d, view })))
    .sort((a, b) => b.d.score - a.d.score);
  const groups: { lead: Detection; box: Detection; boxView: number; total: number }[] = [];
  for (const { d, view } of all) {
    const g = groups.find((c) => c.lead.classIndex === d.classIndex && boxIou(c.lead, d) >= iou);
    if (!g) groups.push({ lead: d, box: d, boxView: view, total: d.score });
    else {
      g.total += d.score;
      if (view === 0 && g.boxView !== 0) Object.assign(g, { box: d, boxView: 0 });
    }
  }
  const fused = groups.map(({ box, total }) => ({ ...box, score: total / views.length }));
  return nms(fused, nmsIou, max);
}
