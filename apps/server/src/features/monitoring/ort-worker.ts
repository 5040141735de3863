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
// Shared batch slots (sent once each) and this thread's own input buffer: onnxruntime-node refuses views of a
// SharedArrayBuffer, so a slot's values are copied into a buffer that is reused from batch to batch.
// Batches run one after another: session.run defers, so a second message would otherwise overwrite the
// input buffer of the first before its network ran.
const slots = new Map();
let own = new Float32Array(0);
let chain = Promise.resolve();
parentPort.on('message', (m) => { chain = chain.then(() => runOne(m)); });
async function runOne({ id, batch, slot, sab, length, dims }) {
  try {
    const session = await ready;
    let input = batch;
    if (slot !== undefined) {
      if (sab) slots.set(slot, new Float32Array(sab));
      if (own.length < length) own = new Float32Array(length);
      input = new Float32Array(own.buffer, 0, length);
      input.set(slots.get(slot).subarray(0, length));
    }
    const result = await session.run({ input: new ort.Tensor('float32', input, dims) });
    const out = {};
    for (const [name, t] of Object.entries(result)) out[name] = { data: t.data, dims: t.dims };
    parentPort.postMessage({ id, out });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
}
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

  private readonly seen = new Set<number>();

  /** Runs one batch [n, C, S, S]: from a shared slot (`slot`), or else the batch's memory moves to the worker. */
  run(batch: Float32Array, n: number, c: number, s: number, slot?: number): Promise<Outputs> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      const dims = [n, c, s, s];
      if (slot !== undefined) {
        // The slot's buffer goes once; later batches name it.
        const sab = this.seen.has(slot) ? undefined : batch.buffer;
        this.seen.add(slot);
        this.worker.postMessage({ id, slot, sab, length: n * c * s * s, dims });
        return;
      }
      const owned = batch.byteOffset === 0 && batch.byteLength === batch.buffer.byteLength;
      const data = owned ? batch : batch.slice();
      this.worker.postMessage({ id, batch: data, dims }, [data.buffer as ArrayBuffer]);
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
  /**
   * Batches are assembled in shared slots that every worker reads: a fresh array per batch, moved to the
   * worker, is external memory on both sides, and V8 starts a full garbage collection for every 64 MB of it
   * (several a second at a few hundred images a second, a steady share of the server's CPU).
   */
  private readonly slots: Float32Array[] = [];
  private readonly free: number[] = [];
  private readonly slotOf = new Map<ArrayBufferLike, number>();

  constructor(
    onnxPath: string,
    readonly size = workerCount(),
    /** Values a new slot holds at least (the model's largest batch): slots are not remade as batches grow. */
    private readonly slotLength = 0,
  ) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => ({ w: new OrtWorker(onnxPath), busy: 0 }));
    this.ready = Promise.all(this.workers.map((x) => x.w.ready)).then(() => undefined);
  }

  /** A buffer for a batch of `length` values: a free shared slot, or a new one (slots are made for the
   * largest batch seen; their number grows to the batches in flight at once). Freed when its run ends. */
  batchBuffer(length: number): Float32Array {
    const i = this.free.findIndex((k) => this.slots[k]!.length >= length);
    if (i >= 0) return this.slots[this.free.splice(i, 1)[0]!]!.subarray(0, length);
    const slot = new Float32Array(new SharedArrayBuffer(Math.max(length, this.slotLength) * 4));
    this.slotOf.set(slot.buffer, this.slots.length);
    this.slots.push(slot);
    return slot.subarray(0, length);
  }

  async run(batch: Float32Array, n: number, c: number, s: number): Promise<Outputs> {
    const slot = this.slotOf.get(batch.buffer);
    const x = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    x.busy++;
    try {
      return await x.w.run(batch, n, c, s, slot);
    } finally {
      x.busy--;
      if (slot !== undefined) this.free.push(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((x) => x.w.close()));
  }
}
