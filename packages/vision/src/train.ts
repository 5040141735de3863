// train(): validates parameters against the algorithm declarations and the dataset, then drives the
// PyTorch trainer, reporting progress and honouring cancellation. The result is a model directory.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defaultAlgorithmFor, findAlgorithm, resolveParams, type Algorithm } from '@sightline/domain';
import { ZodError } from 'zod';
import { readManifest, type ModelManifest } from './artifact/manifest';
import { toTrainerDataset, validateDataset } from './dataset/validate';
import type { VisionDataset } from './dataset/types';
import { VisionError } from './errors';
import { runTrainer } from './trainer/driver';
import type { TrainerEvent } from './trainer/protocol';

export interface TrainProgress {
  phase: 'preparing' | 'training' | 'exporting' | 'done';
  percent: number;
  epoch?: number;
  epochs?: number;
  loss?: number | null;
  metrics?: Record<string, number | null>;
  etaSeconds?: number;
  message?: string;
  /** While preparing: images decoded so far and in all. */
  done?: number;
  total?: number;
}

export interface TrainOptions {
  /** Where the model artifact is written; an unfinished checkpoint here is resumed. */
  outDir: string;
  algorithmId?: string;
  onProgress?: (p: TrainProgress) => void;
  onEvent?: (e: TrainerEvent) => void;
  signal?: AbortSignal;
  /** Relearning: continue from this previous model directory (history kept). */
  initFrom?: string;
  /** Start from an uploaded PyTorch state_dict of the same architecture. */
  initWeights?: string;
  /** Resume from OUT/checkpoint.pt when present (default true). */
  resume?: boolean;
  threads?: number;
}

export interface TrainResult {
  modelDir: string;
  manifest: ModelManifest;
  peakRssBytes?: number;
}

export function algorithmFor(task: VisionDataset['task'], id?: string): Algorithm {
  const algo = id ? findAlgorithm(id) : defaultAlgorithmFor(task);
  if (!algo || algo.task !== task || algo.kind !== 'training') {
    throw new VisionError('ALGORITHM_NOT_FOUND', `No ${task} training algorithm ${id ?? ''}`.trim());
  }
  return algo;
}

/** Parameters filled with defaults; a clear PARAM_INVALID error names the offending key. */
export function trainParams(algo: Algorithm, params: Record<string, unknown>): Record<string, number> {
  try {
    return {
      ...resolveParams(algo.augmentationParams, pick(params, algo.augmentationParams)),
      ...resolveParams(algo.trainParams, pick(params, algo.trainParams)),
    };
  } catch (err) {
    if (err instanceof ZodError) {
      const issue = err.issues[0]!;
      throw new VisionError(
        'PARAM_INVALID',
        `Parameter ${issue.path.join('.') || '?'}: ${issue.message}`,
        err.issues,
      );
    }
    throw err;
  }
}

function pick(params: Record<string, unknown>, decl: { key: string }[]) {
  const keys = new Set(decl.map((d) => d.key));
  return Object.fromEntries(Object.entries(params).filter(([k]) => keys.has(k)));
}

export async function train(
  data: VisionDataset,
  params: Record<string, unknown>,
  opts: TrainOptions,
): Promise<TrainResult> {
  const algo = algorithmFor(data.task, opts.algorithmId);
  const known = new Set([...algo.trainParams, ...algo.augmentationParams].map((p) => p.key));
  const unknown = Object.keys(params).filter((k) => !known.has(k));
  if (unknown.length)
    throw new VisionError('PARAM_INVALID', `Unknown parameter(s) for ${algo.id}: ${unknown.join(', ')}`);
  const resolved = trainParams(algo, params);
  validateDataset(data);
  const outDir = resolve(opts.outDir);
  await mkdir(outDir, { recursive: true });
  const report = opts.onProgress ?? (() => {});
  report({ phase: 'preparing', percent: 0 });
  const config = {
    task: data.task,
    algorithm: algo.id,
    outDir,
    params: resolved,
    dataset: toTrainerDataset(data),
    initFrom: opts.initFrom ? resolve(opts.initFrom, 'model.pt') : null,
    initWeights: opts.initWeights ? resolve(opts.initWeights) : null,
    resume: opts.resume ?? true,
    threads: opts.threads ?? null,
    progressSeconds: 1,
  };
  const run = await runTrainer('train', config, {
    signal: opts.signal,
    onEvent: (e) => {
      opts.onEvent?.(e);
      if (e.event === 'progress') {
        report({
          phase: 'training',
          percent: Math.min(99, e.percent),
          epoch: e.epoch,
          epochs: e.epochs,
          loss: e.loss,
          etaSeconds: e.etaSeconds,
        });
      } else if (e.event === 'epoch') {
        report({
          phase: 'training',
          percent: Math.min(99, (100 * e.epoch) / e.epochs),
          epoch: e.epoch,
          epochs: e.epochs,
          loss: e.trainLoss,
          metrics: e.metrics,
          etaSeconds: e.etaSeconds,
        });
      } else if (e.event === 'decoding') {
        report({
          phase: 'preparing',
          percent: 0,
          done: e.done,
          total: e.images,
          message: `decoding ${e.done}/${e.images} images`,
        });
      }
    },
  });
  const manifest = await readManifest(outDir);
  report({ phase: 'done', percent: 100, metrics: manifest.metrics });
  return { modelDir: outDir, manifest, peakRssBytes: run.peakRssBytes };
}
