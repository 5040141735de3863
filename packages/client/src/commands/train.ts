// `sightline train --dataset ID --name MODEL_NAME [--algorithm ID|ENGINE_KEY] [--param key=value ...] [--wait]`
import {
  dataOf,
  datasetDetailSchema,
  TRAIN_ROUTES,
  type LearningDetail,
  type VisionTask,
} from '@sightline/domain';
import type { Ctx } from '../context';
import { CliError, usage } from '../errors';
import { pickDefault, trainingAlgorithms } from './projects';
import { JobOutcome, outcomeError, waitFor } from './wait';

export interface TrainOptions {
  dataset?: string;
  name?: string;
  algorithm?: string;
  param?: string[];
  wait?: boolean;
  timeout?: string;
}

/** `key=value` pairs to numbers (true/false → 1/0). */
export function parseParams(pairs: readonly string[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of pairs) {
    const m = /^([a-zA-Z][a-zA-Z0-9]*)=(.+)$/.exec(p.trim());
    if (!m) throw usage(`--param wants key=value, got '${p}'`);
    const raw = m[2]!.trim().toLowerCase();
    const v = raw === 'true' ? 1 : raw === 'false' ? 0 : Number(raw);
    if (!Number.isFinite(v)) throw usage(`--param ${m[1]} needs a number, got '${m[2]}'`);
    out[m[1]!] = v;
  }
  return out;
}

export const positiveId = (v: string | undefined, flag: string): number => {
  const n = Number(v);
  if (!v || !Number.isInteger(n) || n <= 0) throw usage(`${flag} needs a positive whole number`);
  return n;
};

export const timeoutMs = (v?: string) => (v === undefined ? undefined : positiveId(v, '--timeout') * 1000);

const learningLine = (l: LearningDetail) =>
  [
    l.phase,
    l.epoch != null ? `epoch ${l.epoch}/${l.epochs ?? '?'}` : '',
    l.resumed ? 'resumed' : '',
    ...Object.entries(l.metrics).map(([k, v]) => `${k} ${v.toFixed(4)}`),
  ]
    .filter(Boolean)
    .join(' ');

export async function trainCommand(ctx: Ctx, o: TrainOptions) {
  const datasetId = positiveId(o.dataset, '--dataset');
  if (!o.name) throw usage('train needs --name MODEL_NAME');
  const params = parseParams(o.param);
  const { data: dataset } = await ctx.api.json('GET', '/api/v2/datasets/:id', dataOf(datasetDetailSchema), {
    params: { id: datasetId },
  });
  const rows = await trainingAlgorithms(ctx.api, dataset.project_id);
  const algo = o.algorithm
    ? rows.find((r) => String(r.id) === o.algorithm || r.engineKey === o.algorithm)
    : pickDefault(rows, dataset.type as VisionTask);
  if (!algo)
    throw new CliError(
      'ALGORITHM_NOT_AVAILABLE',
      o.algorithm
        ? `No training algorithm ${o.algorithm} in this project`
        : `No training algorithm for ${dataset.type} in this project`,
    );
  ctx.io.progress(
    `training ${o.name} on dataset ${dataset.name} with ${algo.engineKey} (algorithm ${algo.id})`,
  );
  const { data: created } = await ctx.api.call(TRAIN_ROUTES.createLearning, {
    body: { dataset_id: datasetId, name: o.name, algorithm_id: algo.id, params },
  });
  if (!o.wait) return new JobOutcome({ id: created.id, status: created.status, metrics: created.metrics });
  const done = await waitFor(
    ctx,
    `learning ${created.id}`,
    async () => (await ctx.api.call(TRAIN_ROUTES.getLearning, { params: { id: created.id } })).data,
    learningLine,
    timeoutMs(o.timeout),
  );
  return new JobOutcome(
    { id: done.id, status: done.status, metrics: done.metrics },
    outcomeError(done, 'training'),
  );
}
