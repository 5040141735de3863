// Metrics of several evaluations of one compare side by side: one row per metric (the task's summary
// numbers, from the full result when loaded, else the headline map), the best value of each row marked.
import type { EvaluationDetail, EvaluationListItem, VisionTask } from '@sightline/domain';

export const SUMMARY_KEYS: Record<VisionTask, string[]> = {
  cf: ['accuracy', 'macroF1'],
  od: ['mAP50', 'mAP50_95'],
  sg: ['meanIoU', 'meanDice'],
  ad: ['imageAUROC', 'pixelAUROC', 'precision', 'recall', 'f1', 'threshold'],
};
/** The per-class metric shown for every class (ad has none). */
export const CLASS_KEY: Record<VisionTask, string | null> = { cf: 'f1', od: 'ap50', sg: 'iou', ad: null };
/** Rows where a higher value is not "better". */
const NOT_RANKED = new Set(['threshold']);

export interface MetricRow {
  key: string;
  values: (number | null)[];
  /** Index of the best value; null when not ranked or no values. */
  best: number | null;
}

function valueOf(e: EvaluationListItem, d: EvaluationDetail | undefined, key: string): number | null {
  const full = d?.detail as Record<string, unknown> | null | undefined;
  const v = full?.[key] ?? e.metrics[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function bestOf(values: (number | null)[]): number | null {
  let best: number | null = null;
  values.forEach((v, i) => {
    if (v != null && (best == null || v > values[best]!)) best = i;
  });
  return best;
}

export function summaryRows(
  task: VisionTask,
  evals: EvaluationListItem[],
  details: (EvaluationDetail | undefined)[],
): MetricRow[] {
  return SUMMARY_KEYS[task]
    .map((key) => {
      const values = evals.map((e, i) => valueOf(e, details[i], key));
      return { key, values, best: NOT_RANKED.has(key) ? null : bestOf(values) };
    })
    .filter((r) => r.values.some((v) => v != null));
}

export function classRows(
  task: VisionTask,
  classNames: string[],
  details: (EvaluationDetail | undefined)[],
): (MetricRow & { name: string })[] {
  const key = CLASS_KEY[task];
  if (!key) return [];
  return classNames.map((name, ci) => {
    const values = details.map((d) => {
      const per = (d?.detail as { perClass?: Record<string, unknown>[] } | null | undefined)?.perClass;
      const row = per?.find((p) => p.name === name) ?? per?.[ci];
      const v = row?.[key];
      return typeof v === 'number' ? v : null;
    });
    return { key, name, values, best: bestOf(values) };
  });
}
