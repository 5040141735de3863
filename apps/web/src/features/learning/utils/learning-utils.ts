// Pure helpers of the learning pages: links, durations, the default algorithm, parameter checks,
// warning texts and the curve points (history + live steps). Unit-tested in learning-utils.test.ts.
import {
  ERROR_MESSAGES,
  HEADLINE_METRIC,
  defaultAlgorithmFor,
  errorMessage,
  paramIssue,
  trainParamsSchema,
  type AlgorithmParam,
  type AlgorithmRecord,
  type LearningDetail,
  type LearningProgressEvent,
  type Locale,
  type VisionTask,
} from '@sightline/domain';

/** The model page of a training: /train/learning/{id}/cf|od|sg; ad models are shown with cf (SPEC §2). */
export const modelPageTask = (task: VisionTask): 'cf' | 'od' | 'sg' => (task === 'ad' ? 'cf' : task);
export const modelHref = (l: { id: number; task: VisionTask }) =>
  `/train/learning/${l.id}/${modelPageTask(l.task)}`;

/** Tasks a dataset of this type can train: cf datasets also train anomaly detection on their OK class. */
export function tasksForDataset(type: string): VisionTask[] {
  if (type === 'cf') return ['cf', 'ad'];
  if (type === 'od' || type === 'sg' || type === 'ad') return [type];
  return [];
}

/** The task's default: the row running the engine's default algorithm, else the first row of the task. */
export function pickDefaultAlgorithm(
  rows: readonly AlgorithmRecord[],
  task: VisionTask,
): AlgorithmRecord | undefined {
  const key = defaultAlgorithmFor(task).id;
  const ofTask = rows.filter((r) => r.workType === task);
  return ofTask.find((r) => r.engineKey === key) ?? ofTask[0];
}

/** Split of a duration in seconds for the time texts (h/m/s). */
export function durationParts(
  seconds: number | null | undefined,
): { key: 'seconds' | 'minutes' | 'hours'; h: number; m: number; s: number } | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return { key: h > 0 ? 'hours' : m > 0 ? 'minutes' : 'seconds', h, m, s };
}

export const paramsOf = (row: AlgorithmRecord | undefined): AlgorithmParam[] =>
  (row?.trainParams ?? []) as AlgorithmParam[];

export const defaultParamValues = (params: readonly AlgorithmParam[]): Record<string, number> =>
  Object.fromEntries(params.map((p) => [p.key, p.default]));

/** Per-key messages of values outside the admin row's min/max (or not whole), as the server would answer. */
export function paramErrors(
  params: readonly AlgorithmParam[],
  values: Record<string, number | string | undefined>,
  locale: Locale,
): Record<string, string> {
  const out: Record<string, string> = {};
  const clean: Record<string, unknown> = {};
  for (const p of params) {
    const v = values[p.key];
    if (v === undefined || v === '') continue;
    clean[p.key] = typeof v === 'number' ? v : Number(v);
  }
  const res = trainParamsSchema(params).safeParse(clean);
  if (res.success) return out;
  for (const issue of res.error.issues) {
    const key = String(issue.path[0] ?? '');
    const p = params.find((x) => x.key === key);
    if (!p || out[key]) continue;
    const bad = paramIssue(p);
    out[key] = errorMessage(bad.code, locale, bad.params);
  }
  return out;
}

/** The values to send: only the params that differ from the row's defaults are needed, but all are fine. */
export function paramPayload(
  params: readonly AlgorithmParam[],
  values: Record<string, number | string | undefined>,
) {
  const out: Record<string, number> = {};
  for (const p of params) {
    const v = values[p.key];
    if (v === undefined || v === '') continue;
    const n = typeof v === 'number' ? v : Number(v);
    if (Number.isFinite(n)) out[p.key] = n;
  }
  return out;
}

/** An engine warning code (e.g. MODEL_DEGENERATE) in the UI language; anything else as it came. */
export function warningText(w: string, locale: Locale): string {
  const code = /^[A-Z][A-Z0-9_]+$/.test(w) ? w : (/^([A-Z][A-Z0-9_]+):/.exec(w)?.[1] ?? null);
  return code && ERROR_MESSAGES[code] ? errorMessage(code, locale) : w;
}

export interface CurvePoint {
  /** Epochs from the first run's start (fractional for live steps). */
  x: number;
  train_loss?: number | null;
  val_loss?: number | null;
  live_loss?: number | null;
  metric?: number | null;
}

/** The headline metric of the curves: the task's (accuracy, mAP50, meanIoU, imageAUROC) when recorded, else the
 *  live events' metric name, else the first recorded metric other than a loss. */
export function headlineMetric(
  task: VisionTask,
  history: LearningDetail['history'],
  live: readonly LearningProgressEvent[] = [],
): string | null {
  const recorded = new Set(history.flatMap((h) => Object.keys(h.metrics)));
  if (recorded.has(HEADLINE_METRIC[task])) return HEADLINE_METRIC[task];
  const named = live.find((e) => e.metric_name)?.metric_name;
  if (named) return named;
  return [...recorded].find((k) => !/loss/i.test(k)) ?? null;
}

/**
 * Points of the loss and metric charts: one per finished epoch (relearning: earlier runs first, numbered on),
 * then the live step losses of the epoch in progress, drawn after the last finished one. The caller keeps only
 * the events received since the history last grew, so the newest epoch among them is the one in progress.
 */
export function curvePoints(
  task: VisionTask,
  history: LearningDetail['history'],
  live: readonly LearningProgressEvent[],
): CurvePoint[] {
  const metric = headlineMetric(task, history, live);
  const points: CurvePoint[] = history.map((h, i) => ({
    x: i + 1,
    train_loss: h.train_loss,
    val_loss: h.val_loss,
    metric: metric ? (h.metrics[metric] ?? null) : null,
  }));
  const steps = live.filter((e) => e.phase === 'training' && e.loss != null && e.epoch != null);
  if (!steps.length) return points;
  const current = Math.max(...steps.map((e) => e.epoch!));
  const done = history.length;
  const seen = new Set<number>();
  for (const e of steps) {
    if (e.epoch !== current) continue;
    const frac = e.steps && e.step != null ? Math.min(1, Math.max(0, e.step / e.steps)) : 1;
    const x = Number((done + frac).toFixed(3));
    if (seen.has(x)) continue;
    seen.add(x);
    points.push({ x, live_loss: e.loss });
  }
  // The last finished epoch carries the live line's start so it joins the history line.
  if (done > 0 && points[done]) points[done - 1]!.live_loss = history[done - 1]!.train_loss;
  return points;
}
