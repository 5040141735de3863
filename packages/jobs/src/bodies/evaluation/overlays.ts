// Overlay PNGs of the result pages, kept small: ad heatmaps at the model's input size (grey, 0..1 → 0..255),
// sg masks at the label map's size (RGBA: transparent background, one half-opaque colour per class), for
// the prediction and the ground truth alike.
// Encoded with the job package's own PNG encoder (png.ts).
import { encodePng } from '../../png';
import { SG_MASK_PALETTE as PALETTE } from '@sightline/domain';
import { readMask, type AdPrediction, type DataItem, type SgPrediction } from '@sightline/vision';

/** The first crop's heatmap as a grey PNG (null when the model gave none). */
export function heatmapPng(p: AdPrediction): Buffer | null {
  const h = p.heatmaps[0];
  if (!h || h.data.length !== h.size * h.size) return null;
  const px = new Uint8Array(h.data.length);
  for (let i = 0; i < px.length; i++) px[i] = Math.round(Math.min(1, Math.max(0, h.data[i]!)) * 255);
  return encodePng(h.size, h.size, 1, px, 9);
}

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

/**
 * sg ground truth as the same kind of overlay, at the predicted mask's size (so both line up): the item's
 * per-class binary masks painted in class order (a later class wins an overlap, as in the metrics).
 */
export async function truthMaskPng(item: DataItem, width: number, height: number): Promise<Buffer | null> {
  if (!width || !height) return null;
  const px = new Uint8Array(width * height * 4);
  for (const m of item.masks ?? []) {
    const mask = await readMask(m.path, width, height);
    const [r, g, b] = PALETTE[m.classIndex % PALETTE.length]!;
    for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) px.set([r, g, b, 128], i * 4);
  }
  return encodePng(width, height, 4, px, 9);
}

export const overlayKey = (evaluationId: number, imageId: string) =>
  `evaluations/${evaluationId}/overlays/${imageId.toLowerCase()}.png`;
export const truthOverlayKey = (evaluationId: number, imageId: string) =>
  `evaluations/${evaluationId}/overlays/${imageId.toLowerCase()}.truth.png`;
