// group(): unsupervised grouping for AI labeling — the trainer learns features from the images
// themselves (a small autoencoder), then k-means splits them into k groups with a silhouette score.
import { findAlgorithm, resolveParams, UNSUPERVISED_CLASSES } from '@sightline/domain';
import { ZodError } from 'zod';
import { VisionError } from './errors';
import { runTrainer } from './trainer/driver';
import type { TrainerEvent } from './trainer/protocol';

export interface GroupOptions {
  params?: Record<string, number>;
  onEvent?: (e: TrainerEvent) => void;
  signal?: AbortSignal;
  threads?: number;
}

export interface GroupResult {
  k: number;
  /** Group index per input image, in input order. */
  assignments: number[];
  sizes: number[];
  /** Mean silhouette in -1..1 (higher = better separated groups). */
  silhouette: number;
  /** Distance of each image to its group centre (small = typical member). */
  distances: number[];
}

export async function group(images: string[], opts: GroupOptions = {}): Promise<GroupResult> {
  const algo = findAlgorithm('grouping-kmeans')!;
  let params: Record<string, number>;
  try {
    params = resolveParams(algo.trainParams, opts.params ?? {});
  } catch (err) {
    if (err instanceof ZodError)
      throw new VisionError(
        'PARAM_INVALID',
        `Parameter ${err.issues[0]!.path.join('.')}: ${err.issues[0]!.message}`,
      );
    throw err;
  }
  if (params.k! < UNSUPERVISED_CLASSES.min || params.k! > UNSUPERVISED_CLASSES.max)
    throw new VisionError('PARAM_INVALID', 'k must be 2 to 34');
  if (images.length < params.k!)
    throw new VisionError(
      'DATA_TOO_SMALL',
      `Grouping into ${params.k} groups needs at least ${params.k} images`,
    );
  const { finished } = await runTrainer(
    'group',
    { params, threads: opts.threads ?? null, dataset: { items: images.map((path) => ({ path })) } },
    { onEvent: opts.onEvent, signal: opts.signal },
  );
  return {
    k: params.k!,
    assignments: finished.assignments as number[],
    sizes: finished.sizes as number[],
    silhouette: finished.silhouette as number,
    distances: finished.distances as number[],
  };
}
