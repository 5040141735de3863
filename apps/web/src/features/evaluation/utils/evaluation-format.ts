// Display helpers of evaluation rows: status colours, the headline metric, percentages and durations.
import { HEADLINE_METRIC, type EvaluationStatus, type VisionTask } from '@sightline/domain';

export const STATUS_COLOR: Record<EvaluationStatus, string> = {
  waiting: 'gray',
  running: 'blue',
  canceling: 'orange',
  done: 'teal',
  error: 'red',
  canceled: 'dark',
};

/** A 0–1 metric as a percentage with one decimal ('97.5%'); '-' when missing. */
export const pct = (v: number | null | undefined) =>
  v == null || !Number.isFinite(v) ? '-' : `${(v * 100).toFixed(1)}%`;

/** A 0–1 metric with three decimals. */
export const num3 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? '-' : v.toFixed(3));

/** The task's headline metric key and value from a headline map (cf accuracy, od mAP50, sg meanIoU, ad imageAUROC). */
export function headline(
  task: VisionTask,
  metrics: Record<string, number>,
): { key: string; value: number | null } {
  const key = HEADLINE_METRIC[task];
  return { key, value: metrics[key] ?? null };
}

/** Whole seconds as '1h 02m 03s' / '2m 05s' / '7s'; '-' when null. */
export function duration(seconds: number | null | undefined): string {
  if (seconds == null) return '-';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h) return `${h}h ${two(m)}m ${two(r)}s`;
  if (m) return `${m}m ${two(r)}s`;
  return `${r}s`;
}

/** The result page path of an evaluation (SPEC §2 /train/inference/{id}/result/{task}). */
export const resultHref = (id: number, task: VisionTask) => `/train/inference/${id}/result/${task}`;
/** The evaluation page; ad is shown with cf (there is no /{id}/ad route). */
export const detailHref = (id: number, task: VisionTask) =>
  `/train/inference/${id}/${task === 'ad' ? 'cf' : task}`;
