// ROC AUC by the rank-sum formula (ties share their average rank), and a binned variant for
// millions of pixel scores in 0..1.
export function auroc(scores: ArrayLike<number>, labels: ArrayLike<boolean | number>): number | null {
  const n = scores.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let pos = 0;
  let rankSum = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && scores[idx[j + 1]!] === scores[idx[i]!]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++)
      if (labels[idx[k]!]) {
        pos++;
        rankSum += avg;
      }
    i = j + 1;
  }
  const neg = n - pos;
  if (pos === 0 || neg === 0) return null;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Histogram AUROC for scores in 0..1: exact up to ties within one of `bins` bins. */
export class BinnedAuroc {
  private pos: Float64Array;
  private neg: Float64Array;
  constructor(private bins = 10_000) {
    this.pos = new Float64Array(bins);
    this.neg = new Float64Array(bins);
  }
  add(score: number, positive: boolean) {
    const b = Math.min(this.bins - 1, Math.max(0, Math.floor(score * this.bins)));
    (positive ? this.pos : this.neg)[b]! += 1;
  }
  value(): number | null {
    let negBelow = 0;
    let area = 0;
    let totalPos = 0;
    let totalNeg = 0;
    for (let b = 0; b < this.bins; b++) {
      area += this.pos[b]! * (negBelow + this.neg[b]! / 2);
      negBelow += this.neg[b]!;
      totalPos += this.pos[b]!;
      totalNeg += this.neg[b]!;
    }
    return totalPos && totalNeg ? area / (totalPos * totalNeg) : null;
  }
}

export function prf(tp: number, fp: number, fn: number) {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

export const SWEEP = Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100);
