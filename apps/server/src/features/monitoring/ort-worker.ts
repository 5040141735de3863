// onnxruntime-node runs a session synchronously on the thread that calls `run` (its async `run` only
// defers to setImmediate), so network runs on the main thread stall HTTP parsing, answers and image
// decoding for as long as each batch takes. The inspection API runs its sessions in a worker thread
// instead: the main thread keeps serving while batches run on the other cores. The worker is plain
// JavaScript given as a string (no separate file to locate in the bundled dist) and only runs the
// network; decoding and judging the outputs stay with the engine (packages/vision) on the main thread.
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';

type Outputs = Record<string, { data: Float32Array; dims: readonly number[] }>;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.ortPath);
const ready = ort.InferenceSession.create(workerData.onnx, workerData.options);
ready.then(() => parentPort.postMessage({ ready: true }), (e) => parentPort.postMessage({ ready: false, error: String(e && e.message || e) }));
parentPort.on('message', async ({ id, batch, dims }) => {
  try {
    const session = await ready;
    const result = await session.run({ input: new ort.Tensor('float32', batch, dims) });
    const out = {};
    for (const [name, t] of Object.entries(result)) out[name] = { data: t.data, dims: t.dims };
    parentPort.postMessage({ id, out });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
`;

/**
 * Workers of a served model: one per core (SIGHTLINE_THREADS), each running its session on one thread.
 * One session with an intra-op thread per core waits at every parallel section for its slowest thread,
 * and with HTTP, decoding and PostgreSQL on the same cores one of them is always slowed: whole batches
 * on single-threaded workers side by side keep both cores busy without those waits (measured on 2 cores,
 * a 128 px cf model: 1 thread 4.65 CPU-ms and 225 images/s per worker, 2 threads 5.0 CPU-ms and 385/s).
 */
export const workerCount = () => Number(process.env.SIGHTLINE_THREADS) || cpus().length;

export class OrtWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (o: Outputs) => void; reject: (e: Error) => void }>();
  private next = 1;
  private failed: Error | null = null;
  readonly ready: Promise<void>;

  constructor(onnxPath: string, threads = 1) {
    const ortPath = createRequire(import.meta.url).resolve('onnxruntime-node');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        ortPath,
        onnx: onnxPath,
        options: {
          intraOpNumThreads: threads,
          interOpNumThreads: 1,
          executionMode: 'sequential',
          graphOptimizationLevel: 'all',
          extra: { session: { intra_op: { allow_spinning: '0' } } },
        },
      },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      const first = (m: { ready?: boolean; error?: string }) => {
        if (m.ready === undefined) return;
        this.worker.off('message', first);
        if (m.ready) resolve();
        else reject(new Error(m.error));
      };
      this.worker.on('message', first);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (m: { id?: number; out?: Outputs; error?: string }) => {
      if (m.id === undefined) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.out!);
    });
    const fail = (e: Error) => {
      this.failed = e;
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`onnxruntime worker exited (${code})`)));
  }

  /** Runs one batch [n, C, S, S] (the batch's memory moves to the worker). */
  run(batch: Float32Array, n: number, c: number, s: number): Promise<Outputs> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      const owned = batch.byteOffset === 0 && batch.byteLength === batch.buffer.byteLength;
      const data = owned ? batch : batch.slice();
      this.worker.postMessage({ id, batch: data, dims: [n, c, s, s] }, [data.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Workers of one model; a batch goes to the one with the fewest batches in hand. */
export class OrtWorkerPool {
  private readonly workers: { w: OrtWorker; busy: number }[];
  readonly ready: Promise<void>;

  constructor(
    onnxPath: string,
    readonly size = workerCount(),
  ) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => ({ w: new OrtWorker(onnxPath), busy: 0 }));
    this.ready = Promise.all(this.workers.map((x) => x.w.ready)).then(() => undefined);
  }

  async run(batch: Float32Array, n: number, c: number, s: number): Promise<Outputs> {
    const x = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    x.busy++;
    try {
      return await x.w.run(batch, n, c, s);
    } finally {
      x.busy--;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((x) => x.w.close()));
  }
}
