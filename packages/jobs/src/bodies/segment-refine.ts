// segment.refine: refines the default click-segmentation pair on one project's sg masks (issue 16).
// Every sg dataset of the project is materialised like an sg training (stored mask PNGs, and drawn
// polygons / rle / sam / paths rasterised per class: dataset-cache/materialize.ts), images with at least
// one mask are the data (the same image in two datasets counts once), the trainer fine-tunes the pair
// (packages/vision runSegmentRefine) and the exported pair is stored by content id
// (segmentModelKeys.refined) with the project's record (segmentModelKeys.project) pointing at it, unless it
// scores clearly lower than the default on the held-out images (result kept: false; the project's pair stays).
// A failure's message starts with its error code (SEGMENT_REFINE_TOO_FEW {"min":…,"count":…},
// SEGMENT_REFINE_FAILED …) so the server can translate it.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import {
  SEGMENT_REFINE_MAX_IMAGES,
  SEGMENT_REFINE_MIN_IMAGES,
  SEGMENT_REFINE_TOLERANCE,
  SegmentErrorCode,
  segmentRefineHoldout,
  type RefinedSegmentPair,
} from '@sightline/domain';
import { datasets } from '@sightline/db';
import { segmentModelKeys } from '@sightline/storage';
import { runSegmentRefine, VisionError, type SegmentRefineItem } from '@sightline/vision';
import type { HandlerContext } from '../handler';
import { materializeDataset } from '../dataset-cache/materialize';

/**
 * A refined pair is kept unless it scores clearly lower than the default on the held-out images (by more
 * than SEGMENT_REFINE_TOLERANCE: with 2-20 held-out images, smaller differences are noise).
 */
export const refinedIsKept = (s: { iou_before: number | null; iou_after: number | null }) =>
  s.iou_before === null || s.iou_after === null || s.iou_after >= s.iou_before - SEGMENT_REFINE_TOLERANCE;

export async function runSegmentRefineJob(ctx: HandlerContext<'segment.refine'>) {
  const { payload, db, storage, dirs, signal } = ctx;
  const report = (pct: number, message: string) => void ctx.progress(pct, message).catch(() => undefined);
  const sets = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.projectId, payload.projectId), eq(datasets.type, 'sg')))
    .orderBy(asc(datasets.id));
  report(1, 'gathering masks');
  const items: SegmentRefineItem[] = [];
  const seen = new Set<string>();
  for (const [i, set] of sets.entries()) {
    const { dataset } = await materializeDataset({ db, storage, cacheDir: dirs.cache }, set.id, {
      purpose: 'train',
      task: 'sg',
      signal,
    });
    for (const it of dataset.items) {
      if (!it.masks?.length || seen.has(it.path)) continue;
      seen.add(it.path);
      items.push({ image: it.path, masks: it.masks.map((m) => m.path) });
    }
    report(1 + (9 * (i + 1)) / sets.length, `gathering masks: ${items.length} images`);
  }
  if (items.length < SEGMENT_REFINE_MIN_IMAGES)
    throw new Error(
      `${SegmentErrorCode.RefineTooFew} ${JSON.stringify({ min: SEGMENT_REFINE_MIN_IMAGES, count: items.length })}`,
    );

  // A big project: an even spread of its images (a few hundred steps see only a few thousand samples).
  const step = items.length / SEGMENT_REFINE_MAX_IMAGES;
  const picked =
    step > 1
      ? Array.from({ length: SEGMENT_REFINE_MAX_IMAGES }, (_, i) => items[Math.floor(i * step)]!)
      : items;

  await mkdir(dirs.work, { recursive: true });
  const work = await mkdtemp(join(dirs.work, 'segment-refine-'));
  try {
    const outDir = join(work, 'pair');
    let meta;
    try {
      meta = await runSegmentRefine({
        items: picked,
        workDir: work,
        outDir,
        seconds: payload.seconds,
        maxSteps: payload.maxSteps,
        holdout: segmentRefineHoldout(picked.length),
        signal,
        onProgress: (pct, step, iou) => report(10 + pct * 0.85, `step ${step}, IoU ${iou.toFixed(2)}`),
      });
    } catch (err) {
      if (signal.aborted || !(err instanceof VisionError)) throw err;
      throw new Error(`${SegmentErrorCode.RefineFailed} ${err.message}`, { cause: err });
    }
    signal.throwIfAborted();
    const scores = { iou_before: meta.iou_before, iou_after: meta.iou_after };
    if (!refinedIsKept(scores)) {
      // Clearly worse than the default on the held-out images: the project keeps the pair it has.
      report(100, 'not better than the default: not stored');
      return { kept: false, model_id: null, images: picked.length, steps: meta.steps, ...scores };
    }
    const encoder = await readFile(join(outDir, 'encoder.onnx'));
    const decoder = await readFile(join(outDir, 'decoder.onnx'));
    const id = createHash('sha256').update(encoder).update(decoder).digest('hex').slice(0, 24);
    const put = { contentType: 'application/octet-stream' };
    await storage.put(segmentModelKeys.refined(id, 'encoder.onnx'), encoder, put);
    await storage.put(segmentModelKeys.refined(id, 'decoder.onnx'), decoder, put);
    const record: RefinedSegmentPair = {
      id,
      name: `${meta.name}-refined`,
      input_size: meta.input_size,
      embedding: meta.embedding,
      mask_size: meta.mask_size,
      trained_at: new Date().toISOString(),
      job_id: ctx.jobId,
      images: picked.length,
      steps: meta.steps,
      iou_before: meta.iou_before,
      iou_after: meta.iou_after,
    };
    await storage.put(segmentModelKeys.project(payload.projectId), Buffer.from(JSON.stringify(record)), {
      contentType: 'application/json',
    });
    report(100, 'stored');
    return { kept: true, model_id: id, images: picked.length, steps: meta.steps, ...scores };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
