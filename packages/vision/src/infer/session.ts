// ONNX Runtime session tuned for the CPU: intra-op threads = cores, one inter-op thread.
import { cpus } from 'node:os';
import * as ort from 'onnxruntime-node';

export function cores(): number {
  return Number(process.env.SIGHTLINE_THREADS) || cpus().length;
}

export function createSession(onnxPath: string, threads = cores()): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(onnxPath, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // onnxruntime's default: pool threads spin briefly between parallel sections. Measured on 2 cores
    // (cf, batch 32): 547 images/s spinning vs 481 sleeping. SIGHTLINE_ORT_SPIN=0 makes them sleep, for
    // machines where inference shares the cores with training.
    extra: { session: { intra_op: { allow_spinning: process.env.SIGHTLINE_ORT_SPIN === '0' ? '0' : '1' } } },
  });
}

export type Outputs = Record<string, { data: Float32Array; dims: readonly number[] }>;

/** Runs one batch [n, C, S, S]; returns float outputs by name. */
export async function runBatch(
  session: ort.InferenceSession,
  batch: Float32Array,
  n: number,
  c: number,
  s: number,
): Promise<Outputs> {
  const result = await session.run({ input: new ort.Tensor('float32', batch, [n, c, s, s]) });
  const out: Outputs = {};
  for (const [name, t] of Object.entries(result)) out[name] = { data: t.data as Float32Array, dims: t.dims };
  return out;
}
