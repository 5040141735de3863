// Models of the deployments this process serves, loaded once per deployment (files copied from storage to
// DATA_DIR/cache/monitoring/deployment-<id>/), and a micro-batcher per model: requests that arrive while
// the network runs wait and go together in the next batch, so concurrent cameras share one session.run.
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Storage } from '@sightline/storage';
import { loadModel, type Prediction, type Prepared, type VisionModel } from '@sightline/vision';
import { OrtWorkerPool } from './ort-worker';

/** Largest batch handed to onnxruntime in one run: on one thread a 128 px cf network costs 4.5-4.6 CPU-ms
 * per image in batches of 2-8 and 5.8 in batches of 32 (its activations no longer fit the caches). */
export const MAX_BATCH = 8;

interface Waiting {
  prepared: Prepared;
  resolve: (p: Prediction) => void;
  reject: (e: unknown) => void;
}

/** Collects prepared images and runs them in batches of up to MAX_BATCH, up to `concurrency` batches at
 * once (one per inference worker): requests that arrive while every worker is busy go together next. */
export class MicroBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batch sizes run so far (tests and the bench read them). */
  readonly batches: number[] = [];

  constructor(
    private readonly run: (batch: Prepared[]) => Promise<Prediction[]>,
    private readonly max = MAX_BATCH,
    private readonly concurrency = 1,
  ) {}

  submit(prepared: Prepared): Promise<Prediction> {
    return new Promise((resolve, reject) => {
      this.queue.push({ prepared, resolve, reject });
      this.schedule();
    });
  }

  /** Starts what the free workers can take on a later turn: requests of the same tick join first. */
  private schedule() {
    if (this.scheduled || this.inFlight >= this.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length && this.inFlight < this.concurrency)
        this.start(this.queue.splice(0, this.max));
    });
  }

  private start(batch: Waiting[]) {
    this.inFlight++;
    this.batches.push(batch.length);
    if (this.batches.length > 1000) this.batches.splice(0, 500);
    this.run(batch.map((w) => w.prepared))
      .then(
        (out) => batch.forEach((w, i) => w.resolve(out[i]!)),
        (e: unknown) => batch.forEach((w) => w.reject(e)),
      )
      .finally(() => {
        this.inFlight--;
        if (this.queue.length) this.schedule();
      });
  }
}

/**
 * Crops handed back once their image is judged and reused by the next images' `prepare`: like the batches'
 * shared slots (ort-worker.ts), a fresh 196 kB array per image (128 px RGB) is external memory that makes V8
 * run a full garbage collection for every 64 MB of it.
 */
export class CropPool {
  private readonly free = new Map<number, Float32Array[]>();
  /** `keepBytes`: what the pool may hold per crop size (32 MB: 170 crops of a 128 px RGB input, as many as
   * the requests a saturated server has in hand; 10 of a 512 px one). */
  constructor(private readonly keepBytes = 32 << 20) {}

  take = (length: number): Float32Array => this.free.get(length)?.pop() ?? new Float32Array(length);

  /** Crops no one reads any more (views into larger buffers are left to the collector). */
  give(crops: Float32Array[]) {
    for (const c of crops) {
      if (c.byteOffset !== 0 || c.byteLength !== c.buffer.byteLength || !(c.buffer instanceof ArrayBuffer))
        continue;
      let list = this.free.get(c.length);
      if (!list) this.free.set(c.length, (list = []));
      const keep = Math.max(4, Math.floor(this.keepBytes / c.byteLength));
      if (list.length < keep && !list.includes(c)) list.push(c);
    }
  }
}

export interface ServedModel {
  model: VisionModel;
  crops: CropPool;
  /** The worker threads running the network (null: it runs on the main thread). */
  worker: OrtWorkerPool | null;
  batcher: MicroBatcher;
}

export class InferencePool {
  private readonly served = new Map<number, Promise<ServedModel>>();

  constructor(
    private readonly storage: Storage,
    private readonly cacheDir: string,
  ) {}

  /** The loaded model of a deployment (loaded on first use; a failed load is retried next time). */
  get(deploymentId: number, modelPrefix: string, params: Record<string, number>): Promise<ServedModel> {
    let p = this.served.get(deploymentId);
    if (!p) {
      p = this.load(deploymentId, modelPrefix, params);
      this.served.set(deploymentId, p);
      p.catch(() => this.served.delete(deploymentId));
    }
    return p;
  }

  private async load(id: number, prefix: string, params: Record<string, number>): Promise<ServedModel> {
    const dir = await this.fetchModel(id, prefix);
    // The main thread's session is kept only as a fallback: the network runs in a worker thread (see
    // ort-worker.ts), so HTTP, decoding and PostgreSQL go on while it runs.
    const model = await loadModel(dir, 1);
    let worker: OrtWorkerPool | null = null;
    if (process.env.SIGHTLINE_ORT_WORKER !== '0') {
      const { channels, size } = model.manifest.input;
      const w = new OrtWorkerPool(
        join(dir, model.manifest.files.onnx),
        undefined,
        MAX_BATCH * channels * size * size,
      );
      try {
        await w.ready;
        worker = w;
        model.run = (batch, n) => w.run(batch, n, channels, size);
        model.batchBuffer = (length) => w.batchBuffer(length);
      } catch {
        await w.close().catch(() => undefined);
      }
    }
    const p = { ...params, batchSize: MAX_BATCH };
    const crops = new CropPool();
    model.cropBuffer = crops.take;
    return {
      model,
      crops,
      worker,
      batcher: new MicroBatcher(
        (batch) => model.predictPrepared(batch, { params: p }),
        MAX_BATCH,
        worker?.size ?? 1,
      ),
    };
  }

  private async fetchModel(id: number, modelPrefix: string): Promise<string> {
    const dir = join(this.cacheDir, `deployment-${id}`);
    if (await exists(join(dir, 'manifest.json'))) return dir;
    const prefix = modelPrefix.endsWith('/') ? modelPrefix : `${modelPrefix}/`;
    const tmp = join(this.cacheDir, `.tmp-${id}-${randomUUID()}`);
    await mkdir(tmp, { recursive: true });
    try {
      for await (const key of this.storage.list(prefix)) {
        const name = key.slice(prefix.length);
        if (!name || name.includes('/') || name.endsWith('.pt')) continue;
        const obj = await this.storage.get(key);
        if (obj) await pipeline(obj.stream, createWriteStream(join(tmp, name)));
      }
      if (!(await exists(join(tmp, 'manifest.json')))) throw new Error(`no model files under ${prefix}`);
      await rename(tmp, dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      });
      return dir;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /** Releases every loaded session (app close). */
  async close(): Promise<void> {
    const all = [...this.served.values()];
    this.served.clear();
    for (const p of all)
      await p
        .then(async (s) => {
          await s.worker?.close();
          await s.model.close();
        })
        .catch(() => undefined);
  }
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );
