// Network outputs of one crop -> task results in original image coordinates.
import type { ModelManifest } from '../artifact/manifest';
import { components, nms, simplify, traceBoundary } from './geometry';
import type { CfPrediction, Detection, SgRegion } from './types';

export type CropOutputs = Record<string, { data: Float32Array; dims: number[] }>;
type RectTuple = [number, number, number, number];

export function decodeCf(m: ModelManifest, out: CropOutputs): CfPrediction {
  const scores = Array.from(out.probs!.data);
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  const c = m.classes[best]!;
  return { task: 'cf', classIndex: best, className: c.name, ok: c.ok, score: scores[best]!, scores };
}

export function decodeOd(
  m: ModelManifest,
  out: CropOutputs,
  rect: RectTuple,
  p: Record<string, number>,
): Detection[] {
  const [k, h, w] = out.peaks!.dims as [number, number, number];
  const peaks = out.peaks!.data;
  const wh = out.wh!.data;
  const off = out.offset!.data;
  const stride = m.stride ?? 4;
  const sx = rect[2] / m.input.size;
  const sy = rect[3] / m.input.size;
  const plane = h * w;
  const found: Detection[] = [];
  for (let c = 0; c < k; c++) {
    for (let i = 0; i < plane; i++) {
      const score = peaks[c * plane + i]!;
      if (score < p.scoreThreshold!) continue;
      const x = i % w;
      const y = (i - x) / w;
      const cx = (x + off[i]!) * stride;
      const cy = (y + off[plane + i]!) * stride;
      const bw = Math.max(0, wh[i]!) * stride;
      const bh = Math.max(0, wh[plane + i]!) * stride;
      found.push({
        classIndex: c,
        className: m.classes[c]!.name,
        score,
        x1: rect[0] + Math.max(0, cx - bw / 2) * sx,
        y1: rect[1] + Math.max(0, cy - bh / 2) * sy,
        x2: rect[0] + Math.min(m.input.size, cx + bw / 2) * sx,
        y2: rect[1] + Math.min(m.input.size, cy + bh / 2) * sy,
      });
    }
  }
  return nms(found, p.nmsIou!, p.maxDetections!);
}

/** Argmax over [K+1, S, S] probabilities, pasted into the label map at the crop's place (nearest). */
export function pasteSgLabels(
  out: CropOutputs,
  rect: RectTuple,
  size: number,
  labels: Uint8Array,
  width: number,
) {
  const [k1] = out.probs!.dims as [number];
  const probs = out.probs!.data;
  const plane = size * size;
  const small = new Uint8Array(plane);
  for (let i = 0; i < plane; i++) {
    let best = 0;
    for (let c = 1; c < k1; c++) if (probs[c * plane + i]! > probs[best * plane + i]!) best = c;
    small[i] = best;
  }
  const [rx, ry, rw, rh] = rect;
  for (let y = 0; y < rh; y++) {
    const sy = Math.min(size - 1, Math.floor(((y + 0.5) * size) / rh));
    for (let x = 0; x < rw; x++) {
      const sx = Math.min(size - 1, Math.floor(((x + 0.5) * size) / rw));
      labels[(ry + y) * width + rx + x] = small[sy * size + sx]!;
    }
  }
}

export function sgRegions(
  m: ModelManifest,
  labels: Uint8Array,
  w: number,
  h: number,
  p: Record<string, number>,
): SgRegion[] {
  const regions: SgRegion[] = [];
  for (let c = 1; c <= m.classes.length; c++) {
    for (const pixels of components(labels, w, h, c)) {
      if (pixels.length < p.minArea!) continue;
      const polygon = simplify(traceBoundary(pixels, w, h), p.polygonTolerance!);
      regions.push({ classIndex: c - 1, className: m.classes[c - 1]!.name, area: pixels.length, polygon });
    }
  }
  return regions;
}
