// Live re-judging of an anomaly-detection result at the slider's threshold, all on the client (no
// request per slider move): each image's judgement and outline (domain thresholdOutline), the escape and
// overkill rates (domain escapeOverkill), the OK/NG score histogram and the ROC operating point.
import {
  escapeOverkill,
  judgeNg,
  thresholdOutline,
  type AdMetrics,
  type JudgedRates,
  type ResultRow,
  type ThresholdOutline,
} from '@sightline/domain';

/** ad result rows: true_class 0 = OK, 1 = NG. */
export const AD_NG_CLASS = 1;

export interface Judged {
  /** NG at the live threshold. */
  ng: boolean;
  /** Right at the live threshold (null for unlabelled images or without a score). */
  correct: boolean | null;
  outline: ThresholdOutline;
}

export function judgeRow(row: Pick<ResultRow, 'score' | 'true_class'>, stored: number, live: number): Judged {
  if (row.score == null) return { ng: false, correct: null, outline: null };
  const ng = judgeNg(row.score, live);
  const correct = row.true_class == null ? null : ng === (row.true_class === AD_NG_CLASS);
  return { ng, correct, outline: thresholdOutline(row.score, stored, live) };
}

export const rates = (scores: AdMetrics['scores'], live: number): JudgedRates => escapeOverkill(scores, live);

export interface HistogramBin {
  /** Bin label: its lower edge with two decimals. */
  bin: string;
  from: number;
  to: number;
  ok: number;
  ng: number;
}

/** Equal-width bins over [min, max] of all scores (at least [0, 1] when the scores lie inside it). */
export function scoreHistogram(scores: AdMetrics['scores'], bins = 20): HistogramBin[] {
  const all = [...scores.ok, ...scores.ng];
  let lo = Math.min(0, ...all);
  let hi = Math.max(1, ...all);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  const width = (hi - lo) / bins || 1;
  const out: HistogramBin[] = Array.from({ length: bins }, (_, i) => ({
    bin: (lo + i * width).toFixed(2),
    from: lo + i * width,
    to: lo + (i + 1) * width,
    ok: 0,
    ng: 0,
  }));
  const put = (s: number, key: 'ok' | 'ng') => {
    const i = Math.min(bins - 1, Math.max(0, Math.floor((s - lo) / width)));
    out[i]![key] += 1;
  };
  scores.ok.forEach((s) => put(s, 'ok'));
  scores.ng.forEach((s) => put(s, 'ng'));
  return out;
}

/** The ROC point of a threshold: false-positive rate = overkill rate, true-positive rate = 1 − escape rate. */
export function operatingPoint(scores: AdMetrics['scores'], live: number): { fpr: number; tpr: number } {
  const r = escapeOverkill(scores, live);
  return { fpr: r.overkillRate, tpr: r.ng ? 1 - r.escapeRate : 0 };
}

/** The slider's range: [0, 1] widened to the scores when a method scores outside it. */
export function sliderRange(
  scores: AdMetrics['scores'],
  stored: number,
): { min: number; max: number; step: number } {
  const all = [...scores.ok, ...scores.ng, stored];
  const min = Math.min(0, ...all);
  const max = Math.max(1, ...all);
  return { min, max, step: (max - min) / 1000 };
}

/** CSS colour of an outline (theme/global.css defines the variables; fallbacks keep tests independent). */
export const OUTLINE_COLOR: Record<Exclude<ThresholdOutline, null>, string> = {
  'threshold-diff-ng': 'var(--sl-threshold-diff-ng, #e03131)',
  'threshold-diff-ok': 'var(--sl-threshold-diff-ok, #2f6fdb)',
  'threshold-active': 'var(--sl-threshold-active, #f08c00)',
};
