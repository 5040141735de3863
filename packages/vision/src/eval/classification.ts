// cf metrics: accuracy, per-class precision/recall/F1, confusion matrix, OK/NG threshold sweep.
import type { CfPrediction } from '../infer/types';
import { prf, SWEEP } from './auroc';

export interface CfMetrics {
  task: 'cf';
  accuracy: number;
  macroF1: number;
  perClass: { className: string; precision: number; recall: number; f1: number; support: number }[];
  /** confusion[actual][predicted] */
  confusion: number[][];
  /** NG decision when 1 - P(OK classes) >= threshold. */
  sweep: { threshold: number; precision: number; recall: number; f1: number; accuracy: number }[];
}

export function classificationMetrics(
  classes: { name: string; ok: boolean }[],
  labels: number[],
  preds: CfPrediction[],
): CfMetrics {
  const k = classes.length;
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  labels.forEach((y, i) => confusion[y]![preds[i]!.classIndex]!++);
  const perClass = classes.map((c, i) => {
    const tp = confusion[i]![i]!;
    const fn = confusion[i]!.reduce((a, b) => a + b, 0) - tp;
    const fp = confusion.reduce((a, row) => a + row[i]!, 0) - tp;
    return { className: c.name, ...prf(tp, fp, fn), support: tp + fn };
  });
  const correct = labels.filter((y, i) => preds[i]!.classIndex === y).length;
  const sweep =
    classes.some((c) => c.ok) && classes.some((c) => !c.ok) ? okSweep(classes, labels, preds) : [];
  return {
    task: 'cf',
    accuracy: labels.length ? correct / labels.length : 0,
    macroF1: perClass.reduce((a, c) => a + c.f1, 0) / k,
    perClass,
    confusion,
    sweep,
  };
}

function okSweep(classes: { ok: boolean }[], labels: number[], preds: CfPrediction[]) {
  const ngScore = preds.map((p) => 1 - p.scores.reduce((a, s, i) => a + (classes[i]!.ok ? s : 0), 0));
  const isNg = labels.map((y) => !classes[y]!.ok);
  return SWEEP.map((threshold) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let right = 0;
    ngScore.forEach((s, i) => {
      const said = s >= threshold;
      if (said && isNg[i]) tp++;
      else if (said) fp++;
      else if (isNg[i]) fn++;
      if (said === isNg[i]) right++;
    });
    return { threshold, ...prf(tp, fp, fn), accuracy: right / Math.max(1, labels.length) };
  });
}
