// Overlay PNGs of the result pages, kept small: ad heatmaps at the model's input size (grey, 0..1 → 0..255),
// sg masks at the label map's size (RGBA: transparent background, one half-opaque colour per class).
// Encoded with the job package's own PNG encoder (png.ts).
import { encodePng } from '../../png';
import type { AdPrediction, SgPrediction } from '@sightline/vision';

/** The first crop's heatmap as a grey PNG (null when the model gave none). */
export function heatmapPng(p: AdPrediction): Buffer | null {
  const h = p.heatmaps[0];
  if (!h || h.data.length !== h.size * h.size) return null;
  const px = new Uint8Array(h.data.length);
  for (let i = 0; i < px.length; i++) px[i] = Math.round(Math.min(1, Math.max(0, h.data[i]!)) * 255);
  return encodePng(h.size, h.size, 1, px, 9);
}

const PALETTE: [number, number, number][] = [
  [230, 57, 70],
  [42, 157, 143],
  [244, 162, 97],
  [69, 123, 157],
  [155, 93, 229],
  [255, 209, 102],
  [6, 214, 160],
  [239, 71, 111],
];

/** The predicted label map as an RGBA overlay (background transparent). */
export function maskPng(p: SgPrediction): Buffer | null {
  if (!p.width || !p.height || p.labelMap.length !== p.width * p.height) return null;
  const px = new Uint8Array(p.width * p.height * 4);
  for (let i = 0; i < p.labelMap.length; i++) {
    const k = p.labelMap[i]!;
    if (!k) continue;
    const [r, g, b] = PALETTE[(k - 1) % PALETTE.length]!;
    px.set([r, g, b, 128], i * 4);
  }
  return encodePng(p.width, p.height, 4, px, 9);
}

export const overlayKey = (evaluationId: number, imageId: string) =>
  `evaluations/${evaluationId}/overlays/${imageId.toLowerCase()}.png`;
