// The learning.train job body: the dataset from storage (content-hash cache) → packages/vision train()
// in a stable per-learning folder (a killed worker's successor resumes from the epoch checkpoint, also
// kept in storage for another machine) → the model files back to storage. Progress goes onto the
// learnings row (the SSE routes read it) and the jobs row, at most about once a second.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { LearningHistoryJson } from '@sightline/db';
import { LEARNING_FILES, type LearningPhase, type LearningProgressEvent } from '@sightline/domain';
import type { Storage } from '@sightline/storage';
import { VisionError, train, type TrainerEvent, type VisionDataset } from '@sightline/vision';
import type { HandlerContext, JobResult } from '../../handler';
import { materializeDataset, MaterializeError } from '../../dataset-cache/materialize';
import { LearningRows, type LearningPatch } from './learning-rows';
import { learningKeys } from './learning-keys';

const FLUSH_MS = 1000;

/** Coalesces row updates to one write per FLUSH_MS (forced ones go at once), one write in flight. */
class RowWriter {
  private pending: LearningPatch = {};
  private jobPct: number | null = null;
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly rows: LearningRows,
    private readonly id: number,
    private readonly jobProgress: (pct: number) => Promise<void>,
  ) {}

  set(patch: LearningPatch, force = false) {
    Object.assign(this.pending, patch);
    if (patch.progress !== undefined) this.jobPct = patch.progress;
    if (force || Date.now() - this.last >= FLUSH_MS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS - (Date.now() - this.last));
  }

  flush(): Promise<unknown> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const patch = this.pending;
    const pct = this.jobPct;
    this.pending = {};
    this.jobPct = null;
    if (Object.keys(patch).length === 0 && pct === null) return this.chain;
    this.last = Date.now();
    this.chain = this.chain
      .then(async () => {
        if (Object.keys(patch).length) await this.rows.update(this.id, patch);
        if (pct !== null) await this.jobProgress(pct);
      })
      .catch(() => undefined);
    return this.chain;
  }
}

/** Uploads the newest checkpoint, one upload in flight; a checkpoint written meanwhile goes next. */
class CheckpointUploader {
  private busy: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly path: string,
    private readonly log: (m: string) => void,
  ) {}

  push() {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        await this.storage
          .put(this.key, { path: this.path })
          .catch((e) => this.log(`checkpoint upload: ${(e as Error).message}`));
      } while (this.again);
      this.busy = null;
    })();
  }

  async idle() {
    await this.busy;
  }
}

async function download(storage: Storage, key: string, path: string): Promise<boolean> {
  const obj = await storage.get(key);
  if (!obj) return false;
  const tmp = `${path}.part`;
  await pipeline(obj.stream, createWriteStream(tmp));
  await rename(tmp, path);
  return true;
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const numbers = (m: Record<string, number | null | undefined> | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).filter(([, v]) => num(v) !== null)) as Record<string, number>;

/** The headline metric of a task (names as sightline-vision eval). */
const HEADLINE: Record<string, string> = { cf: 'accuracy', od: 'mAP50', sg: 'meanIoU', ad: 'imageAUROC' };

export async function runLearningTrain(ctx: HandlerContext<'learning.train'>): Promise<JobResult> {
  const id = ctx.payload.learningId;
  const rows = new LearningRows(ctx.db);
  const keys = learningKeys(id);
  const workDir = join(ctx.dirs.work, 'learnings', String(id));
  const outDir = join(workDir, 'out');
  const ckptPath = join(outDir, 'checkpoint.pt');
  await mkdir(outDir, { recursive: true });

  // A checkpoint left by an earlier attempt: here, or in storage (another machine's attempt).
  let hadCheckpoint = existsSync(ckptPath);
  if (!hadCheckpoint && ctx.attempt > 1)
    hadCheckpoint = await download(ctx.storage, keys.checkpoint, ckptPath);
  const row = await rows.claim(id, ctx.attempt > 1 || hadCheckpoint);
  if (!row) {
    const now = await rows.find(id);
    ctx.log(`learning ${id} not run (status ${now?.status ?? 'deleted'})`);
    return { skipped: true, status: now?.status ?? 'deleted' };
  }

  const writer = new RowWriter(rows, id, (pct) => ctx.progress(pct));
  const headline = HEADLINE[row.task]!;
  // Relearning: the base model's epochs come first (the trainer numbers this run's epochs after them).
  const baseHistory = row.baseLearningId ? ((await rows.find(row.baseLearningId))?.history ?? []) : [];
  let history: LearningHistoryJson[] = row.history ?? [];
  const run = 1 + Math.max(0, ...baseHistory.map((h) => h.run));
  const priorEpochs = baseHistory.length;
  let phase: LearningPhase = 'preparing';
  let live: LearningProgressEvent = {
    learning_id: id,
    status: 'running',
    phase,
    progress: 0,
    epoch: null,
    epochs: null,
    step: null,
    steps: null,
    loss: null,
    metric: null,
    metric_name: headline,
    images_per_second: null,
    eta_seconds: null,
    done: null,
    total: null,
    at: new Date().toISOString(),
  };
  const emit = (over: Partial<LearningProgressEvent>, patch: LearningPatch = {}, force = false) => {
    live = { ...live, ...over, at: new Date().toISOString() };
    phase = live.phase;
    writer.set(
      {
        phase: live.phase,
        progress: live.progress,
        epoch: live.epoch,
        epochs: live.epochs,
        live: { ...live },
        ...patch,
      },
      force,
    );
  };
  emit({ phase: 'preparing', progress: 0 }, { resumed: row.resumed }, true);

  const uploader = new CheckpointUploader(ctx.storage, keys.checkpoint, ckptPath, ctx.log);
  try {
    // 1. The dataset, from the local content-hash cache (fetched from storage once per file).
    const { dataset } = await materializeDataset(
      { db: ctx.db, storage: ctx.storage, cacheDir: ctx.dirs.cache },
      row.datasetId ?? -1,
      {
        purpose: 'train',
        task: row.task,
        okClasses: row.okClasses.length ? row.okClasses : undefined,
        signal: ctx.signal,
        onProgress: (done, total) => emit({ phase: 'preparing', done, total, progress: 0 }),
      },
    );
    const ds: VisionDataset = {
      ...dataset,
      regions: row.regions.length
        ? row.regions.map((r) => ({ x: r.x, y: r.y, width: r.w, height: r.h }))
        : undefined,
    };

    // 2. Relearning: the base model's checkpoint (model.pt) from storage.
    let initFrom: string | undefined;
    if (row.baseLearningId && !hadCheckpoint) {
      initFrom = join(workDir, 'base');
      await mkdir(initFrom, { recursive: true });
      const base = learningKeys(row.baseLearningId);
      if (!(await download(ctx.storage, base.file('model.pt'), join(initFrom, 'model.pt'))))
        throw new VisionError(
          'MODEL_NOT_FOUND',
          `The model of learning ${row.baseLearningId} is not in storage`,
        );
    }

    // 3. Train (resumes from outDir/checkpoint.pt when an earlier attempt left one).
    const onEvent = (e: TrainerEvent) => {
      switch (e.event) {
        case 'decoding':
          emit({ phase: 'decoding', done: e.done, total: e.images });
          break;
        case 'resumed':
          ctx.log(`learning ${id} resumed from epoch ${e.epoch}`);
          emit({ phase: 'training' }, { resumed: true }, true);
          break;
        case 'started':
          emit(
            { phase: 'training', epochs: e.epochs, done: null, total: null, auto: e.auto ?? {} },
            {},
            true,
          );
          break;
        case 'progress':
          emit({
            phase: 'training',
            progress: Math.min(99, Math.floor(e.percent)),
            epoch: e.epoch,
            epochs: e.epochs,
            step: e.step,
            steps: e.steps,
            loss: num(e.loss),
            images_per_second: num(e.imagesPerSecond),
            eta_seconds: num(e.etaSeconds),
          });
          break;
        case 'epoch': {
          const point: LearningHistoryJson = {
            run,
            epoch: priorEpochs + e.epoch,
            train_loss: num(e.trainLoss),
            val_loss: num(e.valLoss),
            metrics: numbers(e.metrics),
            seconds: e.seconds,
          };
          history = [...history.filter((h) => !(h.run === run && h.epoch >= point.epoch)), point];
          emit(
            {
              phase: e.epoch >= e.epochs ? 'validating' : 'training',
              progress: Math.min(99, Math.floor((100 * e.epoch) / e.epochs)),
              epoch: e.epoch,
              epochs: e.epochs,
              loss: num(e.trainLoss),
              metric: num(e.metrics[headline]),
              eta_seconds: num(e.etaSeconds),
            },
            { history },
            true,
          );
          break;
        }
        case 'checkpoint':
          uploader.push();
          break;
        case 'budget':
          emit({ epochs: e.epochs });
          break;
        default:
          break;
      }
    };
    const result = await train(
      ds,
      { ...row.params },
      {
        outDir,
        algorithmId: row.engineKey,
        initFrom,
        resume: true,
        signal: ctx.signal,
        onEvent,
      },
    );

    // 4. The model files to storage; the row done.
    emit({ phase: 'saving', progress: 99 }, {}, true);
    await uploader.idle();
    const files: { name: string; size: number }[] = [];
    for (const name of LEARNING_FILES) {
      const path = join(outDir, name);
      if (!existsSync(path)) continue;
      await ctx.storage.put(
        keys.file(name),
        { path },
        { contentType: name.endsWith('.json') ? 'application/json' : 'application/octet-stream' },
      );
      files.push({ name, size: (await stat(path)).size });
    }
    const m = result.manifest;
    const finalHistory: LearningHistoryJson[] = m.history.map((h) => ({
      run: h.run,
      epoch: h.epoch,
      train_loss: num(h.trainLoss),
      val_loss: num(h.valLoss),
      metrics: numbers(h.metrics),
      seconds: h.seconds,
    }));
    await writer.flush();
    await rows.update(id, {
      status: 'done',
      progress: 100,
      phase: 'saving',
      live: { ...live, status: 'done', phase: 'saving', progress: 100, at: new Date().toISOString() },
      metrics: numbers(m.metrics),
      validation: {
        ...m.metrics,
        stoppedEarly: m.stoppedEarly,
        ...(m.threshold !== undefined ? { threshold: m.threshold } : {}),
      },
      history: finalHistory.length ? finalHistory : history,
      warnings: (m.warnings ?? []).map((w) => w.code),
      modelPrefix: keys.prefix,
      files,
      finishedAt: new Date(),
    });
    await ctx.progress(100, 'done');
    await ctx.storage.delete(keys.checkpoint).catch(() => undefined);
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    return { learningId: id, status: 'done', metrics: numbers(m.metrics), files: files.map((f) => f.name) };
  } catch (err) {
    await writer.flush();
    await uploader.idle().catch(() => undefined);
    const reason = ctx.signal.aborted ? ctx.signal.reason : null;
    if (reason === 'cancelled') {
      await rows.update(id, {
        status: 'canceled',
        canceledAt: new Date(),
        finishedAt: new Date(),
        live: { ...live, status: 'canceled', at: new Date().toISOString() },
      });
      await ctx.storage.delete(keys.checkpoint).catch(() => undefined);
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
      throw err;
    }
    // Shutdown or an unexpected failure: the job is retried (the checkpoint stays for the resume).
    if (reason === 'shutdown' || !(err instanceof VisionError || err instanceof MaterializeError)) throw err;
    // The engine refused the data or parameters: retrying cannot help.
    await rows.update(id, {
      status: 'error',
      errorCode: err.code,
      errorMessage: err.message,
      finishedAt: new Date(),
      live: { ...live, status: 'error', at: new Date().toISOString() },
    });
    await ctx.storage.delete(keys.checkpoint).catch(() => undefined);
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    ctx.log(`learning ${id} error ${err.code}: ${err.message}`);
    return { learningId: id, status: 'error', code: err.code };
  }
}
