// `sightline evaluate --model ID --dataset ID [--threshold T] [--wait]`: metrics named as `sightline-vision eval`.
import { TRAIN_ROUTES, type EvaluationDetail } from '@sightline/domain';
import type { Ctx } from '../context';
import { usage } from '../errors';
import { positiveId, timeoutMs } from './train';
import { JobOutcome, outcomeError, waitFor } from './wait';

export interface EvaluateOptions {
  model?: string;
  dataset?: string;
  threshold?: string;
  wait?: boolean;
  timeout?: string;
}

/** Headline numbers plus every numeric top-level field of the full metrics (accuracy, mAP50, meanIoU, imageAUROC …). */
export function evaluationMetrics(e: EvaluationDetail): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(e.detail ?? {})) if (typeof v === 'number') out[k] = v;
  return { ...out, ...e.metrics };
}

export async function evaluateCommand(ctx: Ctx, o: EvaluateOptions) {
  const model_id = positiveId(o.model, '--model');
  const dataset_id = positiveId(o.dataset, '--dataset');
  let threshold: number | undefined;
  if (o.threshold !== undefined) {
    threshold = Number(o.threshold);
    if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1)
      throw usage('--threshold must lie in 0..1');
  }
  const { data: created } = await ctx.api.call(TRAIN_ROUTES.createEvaluation, {
    body: { model_id, dataset_id, threshold },
  });
  ctx.io.progress(`evaluation ${created.id}: model ${created.model.name} on dataset ${created.dataset.name}`);
  if (!o.wait)
    return new JobOutcome({ id: created.id, status: created.status, metrics: evaluationMetrics(created) });
  const done = await waitFor(
    ctx,
    `evaluation ${created.id}`,
    async () => (await ctx.api.call(TRAIN_ROUTES.getEvaluation, { params: { id: created.id } })).data,
    () => '',
    timeoutMs(o.timeout),
  );
  return new JobOutcome(
    { id: done.id, status: done.status, metrics: evaluationMetrics(done) },
    outcomeError(done, 'evaluation'),
  );
}
