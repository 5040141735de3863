// ad metrics: image AUROC, pixel AUROC (when defect masks exist), F1 at the model threshold, sweep.
import type { DataItem } from '../dataset/types';
import type { AdPrediction } from '../infer/types';
import { auroc, BinnedAuroc, prf } from './auroc';
import { readMask } from './masks';

export interface AdMetrics {
  task: 'ad';
  imageAUROC: number | null;
  pixelAUROC: number | null;
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  sweep: { threshold: number; precision: number; recall: number; f1: number }[];
}

export class AnomalyAccumulator {
  private scores: number[] = [];
  private labels: boolean[] = [];
  private pixels = new BinnedAuroc();
  private anyMask = false;

  /** Pixel AUROC is measured at the model's input resolution on images that carry a mask or are OK. */
  async add(item: DataItem, pred: AdPrediction) {
    this.scores.push(pred.score);
    this.labels.push(Boolean(item.anomalous));
    if (item.anomalous && !item.maskPath) return;
    for (const h of pred.heatmaps) {
      let mask: Uint8Array | undefined;
      if (item.maskPath) {
        this.anyMask = true;
        const [x, y, w, hh] = h.rect;
        const full = await readMask(item.maskPath);
        mask = await cropResize(full, x, y, w, hh, h.size);
      }
      // 2 marks tile padding beyond the image (tile mode): not a pixel of the image, not counted.
      for (let i = 0; i < h.data.length; i++)
        if (!mask || mask[i] !== 2) this.pixels.add(h.data[i]!, mask ? mask[i] === 1 : false);
    }
  }

  result(threshold: number): AdMetrics {
    const at = (t: number) => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      this.scores.forEach((s, i) => {
        if (s >= t && this.labels[i]) tp++;
        else if (s >= t) fp++;
        else if (this.labels[i]) fn++;
      });
      return prf(tp, fp, fn);
    };
    const sorted = [...new Set(this.scores)].sort((a, b) => a - b);
    const step = Math.max(1, Math.floor(sorted.length / 50));
    const sweep = sorted.filter((_, i) => i % step === 0).map((t) => ({ threshold: t, ...at(t) }));
    return {
      task: 'ad',
      imageAUROC: auroc(this.scores, this.labels),
      pixelAUROC: this.anyMask ? this.pixels.value() : null,
      threshold,
      ...at(threshold),
      sweep,
    };
  }
}

/** The mask under a heatmap whose crop is (x, y, w, h) in original pixels (tiles may be fractional and reach into
 * the padding past the image: those cells are 2). */
async function cropResize(
  mask: { data: Uint8Array; width: number; height: number },
  x: number,
  y: number,
  w: number,
  h: number,
  size: number,
) {
  const out = new Uint8Array(size * size);
  for (let r = 0; r < size; r++) {
    const sy = Math.floor(y + Math.min(h - 1, ((r + 0.5) * h) / size));
    for (let c = 0; c < size; c++) {
      const sx = Math.floor(x + Math.min(w - 1, ((c + 0.5) * w) / size));
      out[r * size + c] = sx < mask.width && sy < mask.height ? mask.data[sy * mask.width + sx]! : 2;
    }
  }
  return out;
}
