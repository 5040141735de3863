// evaluation.run (one performance evaluation) and the per-model pass of compare.run: materialise the
// dataset through the content-hash cache, fetch the model (cached per learning), evaluate() with progress
// and cancel, write evaluation_results in batches with overlay PNGs, then the metrics. The dataset lock the
// server took at enqueue is released by the caller (evaluation.run / compare.run) in `finally`.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  datasetImages,
  evaluationResults,
  evaluations,
  type Db,
  type EvaluationRow,
  type Executor,
} from '@sightline/db';
import type { Storage } from '@sightline/storage';
import { judgeCfScores } from '@sightline/domain';
import { evaluate, loadModel, VisionError, type Prediction, type VisionModel } from '@sightline/vision';
import { materializeDataset, type MaterializedDataset } from '../../dataset-cache/materialize';
import { cachedModelDir } from './model-cache';
import { heatmapPng, maskPng, overlayKey, truthMaskPng, truthOverlayKey } from './overlays';
import { metricsDetail, resultRows } from './results';

export interface EvaluationRunInput {
  db: Db;
  storage: Storage;
  cacheDir: string;
  evaluationId: number;
  /** Overall progress 0–100 of this evaluation (a compare maps it into its own range). */
  progress(pct: number, message?: string): Promise<void>;
  signal: AbortSignal;
  log?: (m: string) => void;
  /** A compare materialises its dataset once and passes it to every model. */
  materialized?: MaterializedDataset;
  /** A single evaluation's dataset lock: released in the same transaction as the final status, so nobody
   * sees a finished evaluation whose dataset is still locked. */
  lock?: { datasetId: number; ref: string };
}

export type EvaluationOutcome = 'done' | 'error' | 'canceled' | 'skipped';

const RESULT_BATCH = 1000;
const TERMINAL = ['done', 'error', 'canceled'];

import { evaluationLockRef, releaseDatasetLock } from './locks';

export { evaluationLockRef, compareLockRef, releaseDatasetLock } from './locks';

type LearningModel = {
  id: number;
  status: string;
  model_prefix: string | null;
};

async function learningModel(db: Db, id: number | null): Promise<LearningModel | null> {
  if (id == null) return null;
  const res = await db.execute<LearningModel>(
    sql`SELECT id, status, model_prefix FROM learnings WHERE id = ${id}`,
  );
  return res.rows[0] ?? null;
}

/** The dataset for an evaluation row's task (ad on a cf dataset: OK classes from the model's class info). */
export async function materializeFor(
  db: Db,
  storage: Storage,
  cacheDir: string,
  row: Pick<EvaluationRow, 'datasetId' | 'task' | 'classes'>,
  signal: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<MaterializedDataset> {
  // ad: the model's OK classes decide which images are normal (default: the dataset's OK flags).
  const ok = row.task === 'ad' ? row.classes.filter((c) => c.ok).map((c) => c.name) : [];
  const okClasses = ok.length ? ok : undefined;
  return materializeDataset({ db, storage, cacheDir }, row.datasetId!, {
    purpose: 'eval',
    task: row.task,
    okClasses,
    signal,
    onProgress,
  });
}

async function setRow(db: Executor, id: number, set: Partial<typeof evaluations.$inferInsert>) {
  await db.update(evaluations).set(set).where(eq(evaluations.id, id));
}

/** The final status (done, canceled, error) and the release of a single evaluation's lock, together. */
async function finishRow(
  input: EvaluationRunInput,
  set: Partial<typeof evaluations.$inferInsert>,
): Promise<void> {
  const { lock } = input;
  if (!lock) return setRow(input.db, input.evaluationId, set);
  await input.db.transaction(async (tx) => {
    await setRow(tx, input.evaluationId, set);
    await releaseDatasetLock(tx, lock.datasetId, lock.ref);
  });
}

/** Is the run asked to stop by a user (not a worker shutdown)? */
const canceled = (signal: AbortSignal) => signal.aborted && signal.reason === 'cancelled';

export async function runEvaluation(input: EvaluationRunInput): Promise<EvaluationOutcome> {
  const { db, storage, evaluationId: id, signal } = input;
  const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id));
  if (!row || TERMINAL.includes(row.status)) return 'skipped';
  if (row.status === 'canceling') {
    await finishRow(input, {
      status: 'canceled',
      canceledAt: row.canceledAt ?? new Date(),
      finishedAt: new Date(),
    });
    return 'canceled';
  }
  await setRow(db, id, { status: 'running', startedAt: row.startedAt ?? new Date(), progress: 0 });
  // A retried attempt starts afresh.
  await db.delete(evaluationResults).where(eq(evaluationResults.evaluationId, id));

  let lastPct = -1;
  const report = async (pct: number, message?: string) => {
    const p = Math.max(0, Math.min(100, Math.floor(pct)));
    if (p === lastPct) return;
    lastPct = p;
    await setRow(db, id, { progress: p });
    await input.progress(p, message);
  };
  const overlays: string[] = [];
  try {
    if (row.datasetId == null) throw new VisionError('DATA_EMPTY', 'The dataset no longer exists');
    const learning = await learningModel(db, row.learningId);
    if (!learning || learning.status !== 'done')
      throw new VisionError('MODEL_NOT_FOUND', 'The model is not available (deleted or not done)');

    const mat =
      input.materialized ??
      (await materializeFor(db, storage, input.cacheDir, row, signal, (d, t) => {
        void report((d / Math.max(1, t)) * 20, `decoding ${d}/${t}`);
      }));
    const { dataset, imageIds } = mat;
    if (!dataset.items.length) throw new VisionError('DATA_EMPTY', 'The dataset has no labelled images');
    const modelDir = await cachedModelDir(
      storage,
      input.cacheDir,
      learning.id,
      learning.model_prefix,
      signal,
    );
    await report(20, 'model ready');

    const model = await loadModel(modelDir);
    // ad: the asked threshold, else the model's (chosen on validation data) times its thresholdScale.
    const threshold =
      row.task === 'ad'
        ? (row.threshold ?? (model.manifest.threshold ?? 0.5) * (row.params.thresholdScale ?? 1))
        : row.threshold;
    // Overlay PNGs are written as predictions come out (evaluate() keeps only scores), in dataset order.
    const overlayKeys: (string | null)[] = [];
    const truthKeys: (string | null)[] = [];
    const pending: Promise<void>[] = [];
    const capture = (out: Prediction[]) => {
      for (const p of out) {
        const i = overlayKeys.length;
        // sg: the true mask beside the predicted one, at the same size (the result pages compare them).
        const item = dataset.items[i];
        if (p.task === 'sg' && item?.masks) {
          const key = truthOverlayKey(id, imageIds[i]!);
          truthKeys[i] = key;
          overlays.push(key);
          // A truth that cannot be drawn only goes without its overlay (the metrics report bad masks).
          pending.push(
            truthMaskPng(item, p.width, p.height)
              .then(async (png) => {
                if (png) await storage.put(key, png, { contentType: 'image/png' });
                else truthKeys[i] = null;
              })
              .catch(() => {
                truthKeys[i] = null;
              }),
          );
        }
        const png = p.task === 'ad' ? heatmapPng(p) : p.task === 'sg' ? maskPng(p) : null;
        if (!png) {
          overlayKeys.push(null);
          continue;
        }
        const key = overlayKey(id, imageIds[i]!);
        overlayKeys.push(key);
        overlays.push(key);
        pending.push(storage.put(key, png, { contentType: 'image/png' }));
      }
    };
    // cf with a threshold: the NG classes' summed probability decides OK/NG (as on a line), so the
    // metrics and result rows follow the asked threshold; without one, the most likely class.
    const okFlags = [...row.classes].sort((a, b) => a.index - b.index).map((c) => c.ok);
    const rejudge = (p: Prediction): Prediction => {
      if (p.task !== 'cf' || row.threshold == null) return p;
      const j = judgeCfScores(p.scores, okFlags, row.threshold);
      const name = row.classes.find((c) => c.index === j.classIndex)?.name ?? p.className;
      return {
        ...p,
        classIndex: j.classIndex,
        className: name,
        ok: !j.ng,
        score: p.scores[j.classIndex] ?? 0,
      };
    };
    const spy = new Proxy(model, {
      get(target, prop, receiver) {
        if (prop === 'predict') {
          return async (...args: Parameters<VisionModel['predict']>) => {
            const out = (await target.predict(...args)).map(rejudge);
            capture(out);
            return out;
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    let result;
    try {
      result = await evaluate(spy, dataset, {
        params: row.params,
        signal,
        onProgress: (d, t) => void report(20 + (d / Math.max(1, t)) * 65, `evaluating ${d}/${t}`),
      });
    } finally {
      await model.close();
    }
    await Promise.all(pending);
    signal.throwIfAborted();

    const names = new Map<string, string>();
    for (let i = 0; i < imageIds.length; i += RESULT_BATCH) {
      const part = imageIds.slice(i, i + RESULT_BATCH);
      const rows = await db
        .select({ id: datasetImages.id, fileName: datasetImages.fileName })
        .from(datasetImages)
        .where(inArray(datasetImages.id, part));
      for (const r of rows) names.set(r.id, r.fileName);
    }
    const rows = resultRows(dataset.task, result.images, dataset.items, {
      imageIds,
      fileNames: imageIds.map((i) => names.get(i) ?? ''),
      overlayKeys,
      truthKeys,
      threshold,
    });
    for (let i = 0; i < rows.length; i += RESULT_BATCH) {
      signal.throwIfAborted();
      await db
        .insert(evaluationResults)
        .values(rows.slice(i, i + RESULT_BATCH).map((r) => ({ evaluationId: id, ...r })));
      await report(85 + ((i + RESULT_BATCH) / rows.length) * 14, 'saving results');
    }
    const { detail, headline } = metricsDetail(result, row.classes, rows, threshold);
    // A cancel that arrived while saving still wins.
    const [now] = await db
      .select({ status: evaluations.status })
      .from(evaluations)
      .where(eq(evaluations.id, id));
    if (now?.status !== 'running') throw new VisionError('CANCELLED', 'Evaluation was cancelled');
    await finishRow(input, {
      status: 'done',
      progress: 100,
      imageCount: rows.length,
      threshold,
      metrics: headline,
      detail: detail as unknown as Record<string, unknown>,
      finishedAt: new Date(),
    });
    await input.progress(100, 'done');
    input.log?.(`evaluation ${id}: ${rows.length} images, ${JSON.stringify(headline)}`);
    return 'done';
  } catch (err) {
    const [now] = await db
      .select({ status: evaluations.status })
      .from(evaluations)
      .where(eq(evaluations.id, id));
    const stopped = now?.status === 'canceling' || now?.status === 'canceled';
    const userCancel = canceled(signal) || stopped || (err as VisionError).code === 'CANCELLED';
    if (signal.aborted && !canceled(signal) && !stopped) {
      // Worker shutdown: leave the row to the retry (the job goes back to the queue).
      await setRow(db, id, { status: 'waiting' });
      throw err;
    }
    await db.delete(evaluationResults).where(eq(evaluationResults.evaluationId, id));
    await storage.deleteMany(overlays).catch(() => undefined);
    if (userCancel) {
      await finishRow(input, { status: 'canceled', canceledAt: new Date(), finishedAt: new Date() });
      return 'canceled';
    }
    const code = (err as { code?: unknown }).code;
    await finishRow(input, {
      status: 'error',
      errorCode: typeof code === 'string' ? code : 'EVALUATION_FAILED',
      errorMessage: err instanceof Error ? err.message : String(err),
      finishedAt: new Date(),
    });
    input.log?.(`evaluation ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 'error';
  }
}

/** evaluation.run: one evaluation, then the dataset lock goes (kept when the worker stops: the job retries). */
export async function runSingleEvaluation(
  input: EvaluationRunInput,
): Promise<{ evaluationId: number; outcome: EvaluationOutcome }> {
  const [row] = await input.db
    .select({ datasetId: evaluations.datasetId })
    .from(evaluations)
    .where(eq(evaluations.id, input.evaluationId));
  const lock =
    row?.datasetId != null
      ? { datasetId: row.datasetId, ref: evaluationLockRef(input.evaluationId) }
      : undefined;
  const outcome = await runEvaluation({ ...input, lock });
  // Also after a skipped run (already finished or gone), whose status was not written here.
  if (row) await releaseDatasetLock(input.db, row.datasetId, evaluationLockRef(input.evaluationId));
  return { evaluationId: input.evaluationId, outcome };
}
