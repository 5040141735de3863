// A prediction → a production line's judgement (OK/NG, class, score, boxes/regions/anomaly score) under a
// deployment's threshold, and simple image statistics for drift (brightness, contrast, sharpness). The
// server's inspection API and the edge runner (`sightline edge`) both judge with these, so a line judges
// the same image the same way wherever its model runs.
import { judgeCfScores, type Judgement } from '@sightline/domain';
import type { Prepared } from './preprocess';
import type { Prediction } from './types';

export interface LineVerdictResult {
  boxes?: { class_name: string; score: number; x1: number; y1: number; x2: number; y2: number }[];
  regions?: { class_name: string; area: number; polygon?: [number, number][] }[];
  anomaly_score?: number | null;
  scores?: number[];
}

export interface LineVerdict {
  judgement: Judgement;
  className: string | null;
  score: number;
  result: LineVerdictResult;
}

export interface LineImageStats {
  brightness: number;
  contrast: number;
  sharpness: number;
}

type Classes = readonly { name: string; ok: boolean }[];

/** Inference parameters a deployment runs with (od: boxes from the threshold; ad: the threshold scales). */
export function deploymentParams(task: string, threshold: number): Record<string, number> {
  if (task === 'od') return { scoreThreshold: threshold };
  if (task === 'ad') return { thresholdScale: Math.min(10, Math.max(0.1, threshold * 2)) };
  return {};
}

export function judgeLine(p: Prediction, threshold: number, classes: Classes): LineVerdict {
  const okName = new Set(classes.filter((c) => c.ok).map((c) => c.name));
  switch (p.task) {
    case 'cf': {
      // NG when the NG classes together reach the threshold (the rule evaluations use, in domain).
      const ok = p.scores.map((_, i) => classes[i]?.ok ?? i === 0);
      const j = judgeCfScores(p.scores, ok, threshold);
      return {
        judgement: j.ng ? 'NG' : 'OK',
        className: classes[j.classIndex]?.name ?? p.className,
        score: j.ng ? j.ngMass : 1 - j.ngMass,
        result: { scores: p.scores },
      };
    }
    case 'od': {
      const boxes = p.detections
        .filter((d) => d.score >= threshold && !okName.has(d.className))
        .map((d) => ({ class_name: d.className, score: d.score, x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 }));
      const top = [...boxes].sort((a, b) => b.score - a.score)[0];
      return {
        judgement: top ? 'NG' : 'OK',
        className: top?.class_name ?? null,
        score: top?.score ?? Math.max(0, ...p.detections.map((d) => d.score)),
        result: { boxes },
      };
    }
    case 'sg': {
      const regions = p.regions
        .filter((r) => !okName.has(r.className))
        .map((r) => ({ class_name: r.className, area: r.area, polygon: r.polygon }));
      const top = [...regions].sort((a, b) => b.area - a.area)[0];
      const total = p.width * p.height || 1;
      return {
        judgement: top ? 'NG' : 'OK',
        className: top?.class_name ?? null,
        score: top ? Math.min(1, regions.reduce((a, r) => a + r.area, 0) / total) : 0,
        result: { regions },
      };
    }
    case 'ad':
      return {
        judgement: p.anomalous ? 'NG' : 'OK',
        className: p.anomalous ? 'anomaly' : null,
        score: p.score,
        result: { anomaly_score: p.score },
      };
  }
}

/**
 * Mean and spread of grey levels (0–255) and the variance of the Laplacian, computed on the network input
 * the engine already prepared (first crop, channels averaged, normalisation undone): no second decode.
 */
let greyScratch = new Float64Array(0);

export function imageStats(
  p: Prepared,
  spec: { size: number; channels: number; mean: number[]; std: number[] },
): LineImageStats {
  // On the inspection API's hot path: one pass makes the grey plane and sums it (and its squares; grey
  // levels are small numbers, so no cancellation to fear in float64), a second one the Laplacian.
  const S = spec.size;
  const plane = S * S;
  const crop = p.crops[0]!;
  const C = spec.channels;
  const a = new Float64Array(C);
  let b = 0;
  for (let c = 0; c < C; c++) {
    a[c] = ((spec.std[c] ?? spec.std[0] ?? 1) * 255) / C;
    b += ((spec.mean[c] ?? spec.mean[0] ?? 0) * 255) / C;
  }
  // A scratch plane kept between calls: a fresh 131 kB array per image (at 128 px) is external memory, and V8
  // starts a full garbage collection for every 64 MB of it, which at a few hundred images a second was a
  // steady share of the server's CPU. The function is synchronous, so one scratch plane serves every call.
  // (Kept only up to a 1024 px input, 8 MB.)
  if (greyScratch.length < plane && plane <= 1 << 20) greyScratch = new Float64Array(plane);
  const grey = greyScratch.length >= plane ? greyScratch : new Float64Array(plane);
  let sum = 0;
  let sumSq = 0;
  if (C === 3) {
    // RGB, the usual case: the channel loop unrolled (a third of the time).
    const [a0, a1, a2] = [a[0]!, a[1]!, a[2]!];
    for (let i = 0; i < plane; i++) {
      const g = b + crop[i]! * a0 + crop[i + plane]! * a1 + crop[i + 2 * plane]! * a2;
      grey[i] = g;
      sum += g;
      sumSq += g * g;
    }
  } else {
    for (let i = 0; i < plane; i++) {
      let g = b;
      for (let c = 0, off = i; c < C; c++, off += plane) g += crop[off]! * a[c]!;
      grey[i] = g;
      sum += g;
      sumSq += g * g;
    }
  }
  const mean = sum / plane;
  const sq = Math.max(0, sumSq - sum * mean);
  let lap = 0;
  let lapSq = 0;
  for (let y = 1; y < S - 1; y++) {
    const row = y * S;
    for (let x = 1; x < S - 1; x++) {
      const i = row + x;
      const l = 4 * grey[i]! - grey[i - 1]! - grey[i + 1]! - grey[i - S]! - grey[i + S]!;
      lap += l;
      lapSq += l * l;
    }
  }
  const n = Math.max(0, S - 2) ** 2;
  const lm = n ? lap / n : 0;
  return {
    brightness: round(mean),
    contrast: round(Math.sqrt(sq / plane)),
    sharpness: round(n ? lapSq / n - lm * lm : 0),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;
