// Maps the engine's evaluation (packages/vision evaluate()) to what the evaluation tables hold: one
// evaluation_results row per image, the full metrics `detail` (domain evaluationMetricsSchema, names as
// `sightline-vision eval`) and the headline numbers. Pure functions: unit-testable without a model.
import { evaluationMetricsSchema, judgeNg, type EvaluationMetrics } from '@sightline/domain';
import type { EvaluationClass, StoredBox } from '@sightline/db';
import type { Box, DataItem, EvaluationResult, ImageResult } from '@sightline/vision';

export interface ResultRowDraft {
  imageId: string;
  fileName: string;
  trueClass: number | null;
  predictedClass: number | null;
  score: number | null;
  correct: boolean | null;
  predBoxes: StoredBox[] | null;
  trueBoxes: StoredBox[] | null;
  overlayKey: string | null;
  /** sg: the ground-truth mask overlay. */
  truthKey?: string | null;
}

const box = (b: Box, score?: number): StoredBox => ({
  class_index: b.classIndex,
  x: b.x1,
  y: b.y1,
  w: b.x2 - b.x1,
  h: b.y2 - b.y1,
  ...(score === undefined ? {} : { score }),
});

function iou(a: StoredBox, b: StoredBox): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

/** od: an image is correct when every true box has a same-class prediction at IoU ≥ 0.5 and no prediction is left over. */
export function boxesMatch(truth: StoredBox[], pred: StoredBox[]): boolean {
  if (truth.length !== pred.length) return false;
  const used = new Set<number>();
  for (const t of truth) {
    let best = -1;
    let bestIou = 0.5;
    pred.forEach((p, i) => {
      if (used.has(i) || p.class_index !== t.class_index) return;
      const v = iou(t, p);
      if (v >= bestIou) [best, bestIou] = [i, v];
    });
    if (best < 0) return false;
    used.add(best);
  }
  return true;
}

/** One row per image, in dataset order. `threshold` judges ad scores (score ≥ threshold is NG). */
export function resultRows(
  task: EvaluationResult['task'],
  images: ImageResult[],
  items: DataItem[],
  meta: {
    imageIds: string[];
    fileNames: string[];
    overlayKeys: (string | null)[];
    truthKeys?: (string | null)[];
    threshold: number | null;
  },
): ResultRowDraft[] {
  return images.map((r, i) => {
    const base = {
      imageId: meta.imageIds[i]!,
      fileName: meta.fileNames[i] ?? '',
      overlayKey: meta.overlayKeys[i] ?? null,
      truthKey: meta.truthKeys?.[i] ?? null,
      predBoxes: null,
      trueBoxes: null,
    };
    if (task === 'cf') {
      return {
        ...base,
        trueClass: r.actual.classIndex ?? null,
        predictedClass: r.predicted.classIndex ?? null,
        score: r.predicted.score ?? null,
        correct: r.correct ?? null,
      };
    }
    if (task === 'ad') {
      const score = r.predicted.score ?? 0;
      const ng = meta.threshold == null ? Boolean(r.predicted.anomalous) : judgeNg(score, meta.threshold);
      const actual = Boolean(r.actual.anomalous);
      return {
        ...base,
        trueClass: actual ? 1 : 0,
        predictedClass: ng ? 1 : 0,
        score,
        correct: ng === actual,
      };
    }
    if (task === 'od') {
      const pred = (r.predicted.detections ?? []).map((d) =>
        box({ classIndex: d.classIndex, x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 }, d.score),
      );
      const truth = (items[i]?.boxes ?? []).map((b) => box(b));
      const best = pred.reduce<StoredBox | null>(
        (a, p) => (!a || (p.score ?? 0) > (a.score ?? 0) ? p : a),
        null,
      );
      return {
        ...base,
        trueClass: truth[0]?.class_index ?? null,
        predictedClass: best?.class_index ?? null,
        score: best?.score ?? null,
        correct: boxesMatch(truth, pred),
        predBoxes: pred,
        trueBoxes: truth,
      };
    }
    // sg: the image's mean IoU over the classes present in truth or prediction.
    const ious = (r.predicted.iou ?? []).filter((v): v is number => v != null);
    const score = ious.length ? ious.reduce((a, b) => a + b, 0) / ious.length : null;
    const dominant = (r.predicted.regions ?? []).reduce<{ classIndex: number; area: number } | null>(
      (a, g) => (!a || g.area > a.area ? g : a),
      null,
    );
    return {
      ...base,
      trueClass: null,
      predictedClass: dominant ? dominant.classIndex : null,
      score,
      correct: score == null ? true : score >= 0.5,
    };
  });
}

/** ROC points (fpr, tpr, threshold) over the distinct scores, for the ad result page. At most ~200 points. */
export function rocPoints(ok: number[], ng: number[]): { fpr: number; tpr: number; threshold: number }[] {
  const all = [...new Set([...ok, ...ng])].sort((a, b) => b - a);
  const step = Math.max(1, Math.ceil(all.length / 200));
  const cuts = [Infinity, ...all.filter((_, i) => i % step === 0 || i === all.length - 1)];
  return cuts.map((t) => ({
    threshold: Number.isFinite(t) ? t : 1,
    fpr: ok.length ? ok.filter((s) => s >= t).length / ok.length : 0,
    tpr: ng.length ? ng.filter((s) => s >= t).length / ng.length : 0,
  }));
}

function prf(tp: number, fp: number, fn: number) {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

const finite = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? 0 : v);

/** The full metrics (validated against the domain schema) and the headline numbers of the list. */
export function metricsDetail(
  result: EvaluationResult,
  classes: EvaluationClass[],
  rows: ResultRowDraft[],
  threshold: number | null,
): { detail: EvaluationMetrics; headline: Record<string, number> } {
  const m = result.metrics;
  let detail: EvaluationMetrics;
  if (m.task === 'cf') {
    detail = {
      task: 'cf',
      accuracy: m.accuracy,
      macroF1: m.macroF1,
      perClass: m.perClass.map((c, i) => ({
        name: c.className,
        ok: classes[i]?.ok ?? false,
        precision: c.precision,
        recall: c.recall,
        f1: c.f1,
        support: c.support,
      })),
      confusion: m.confusion,
    };
  } else if (m.task === 'od') {
    detail = {
      task: 'od',
      mAP50: m.mAP50,
      mAP50_95: m.mAP50_95,
      perClass: m.perClass.map((c) => ({
        name: c.className,
        ap50: c.ap50,
        ap50_95: c.ap50_95,
        support: c.groundTruths,
      })),
    };
  } else if (m.task === 'sg') {
    detail = {
      task: 'sg',
      meanIoU: m.meanIoU,
      meanDice: m.meanDice,
      perClass: m.perClass.map((c) => ({ name: c.className, iou: finite(c.iou), dice: finite(c.dice) })),
    };
  } else {
    const ok = rows.filter((r) => r.trueClass === 0).map((r) => r.score ?? 0);
    const ng = rows.filter((r) => r.trueClass === 1).map((r) => r.score ?? 0);
    const t = threshold ?? m.threshold;
    const tp = ng.filter((s) => judgeNg(s, t)).length;
    const fp = ok.filter((s) => judgeNg(s, t)).length;
    detail = {
      task: 'ad',
      imageAUROC: finite(m.imageAUROC),
      pixelAUROC: m.pixelAUROC,
      threshold: t,
      ...prf(tp, fp, ng.length - tp),
      scores: { ok, ng },
      roc: rocPoints(ok, ng),
    };
  }
  detail = evaluationMetricsSchema.parse(detail);
  return { detail, headline: headlineOf(detail) };
}

export function headlineOf(d: EvaluationMetrics): Record<string, number> {
  if (d.task === 'cf') return { accuracy: d.accuracy, macroF1: d.macroF1 };
  if (d.task === 'od') return { mAP50: d.mAP50, mAP50_95: d.mAP50_95 };
  if (d.task === 'sg') return { meanIoU: d.meanIoU, meanDice: d.meanDice };
  return {
    imageAUROC: d.imageAUROC,
    ...(d.pixelAUROC == null ? {} : { pixelAUROC: d.pixelAUROC }),
    f1: d.f1,
  };
}
