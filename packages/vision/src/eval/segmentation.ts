// sg metrics: per-class IoU and Dice accumulated over the dataset (pixels at original resolution).
import type { DataItem } from '../dataset/types';
import type { SgPrediction } from '../infer/types';
import { readMask } from './masks';

export interface SgMetrics {
  task: 'sg';
  meanIoU: number;
  meanDice: number;
  perClass: { className: string; iou: number | null; dice: number | null }[];
}

export interface SgImageScore {
  iou: (number | null)[];
}

export class SegmentationAccumulator {
  private inter: number[];
  private predSum: number[];
  private gtSum: number[];
  constructor(private classes: { name: string }[]) {
    this.inter = classes.map(() => 0);
    this.predSum = classes.map(() => 0);
    this.gtSum = classes.map(() => 0);
  }

  /** Adds one image; returns its per-class IoU for the result pages. */
  async add(item: DataItem, pred: SgPrediction): Promise<SgImageScore> {
    const gt = new Uint8Array(pred.width * pred.height);
    for (const m of item.masks ?? []) {
      const mask = await readMask(m.path, pred.width, pred.height);
      for (let i = 0; i < gt.length; i++) if (mask.data[i]) gt[i] = m.classIndex + 1;
    }
    const iou: (number | null)[] = [];
    this.classes.forEach((_, c) => {
      let inter = 0;
      let p = 0;
      let g = 0;
      for (let i = 0; i < gt.length; i++) {
        const isP = pred.labelMap[i] === c + 1;
        const isG = gt[i] === c + 1;
        if (isP) p++;
        if (isG) g++;
        if (isP && isG) inter++;
      }
      this.inter[c]! += inter;
      this.predSum[c]! += p;
      this.gtSum[c]! += g;
      iou.push(p + g - inter ? inter / (p + g - inter) : null);
    });
    return { iou };
  }

  result(): SgMetrics {
    const perClass = this.classes.map((c, i) => {
      const union = this.predSum[i]! + this.gtSum[i]! - this.inter[i]!;
      const denom = this.predSum[i]! + this.gtSum[i]!;
      return {
        className: c.name,
        iou: union ? this.inter[i]! / union : null,
        dice: denom ? (2 * this.inter[i]!) / denom : null,
      };
    });
    const avg = (v: (number | null)[]) => {
      const ok = v.filter((x): x is number => x !== null);
      return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : 0;
    };
    return {
      task: 'sg',
      meanIoU: avg(perClass.map((c) => c.iou)),
      meanDice: avg(perClass.map((c) => c.dice)),
      perClass,
    };
  }
}
