// The inspection API's onnxruntime workers with shared batch slots: batches assembled in a slot give the
// same outputs as the model's own session, slots are reused once their run ends (their number stays at the
// batches in flight), and concurrent batches in different slots do not mix.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel, type VisionModel } from '@sightline/vision';
import { OrtWorkerPool } from '../../src/features/monitoring/ort-worker';
import { trainTinyCf } from '../evaluation/fixtures';

let dir: string;
let model: VisionModel;
let pool: OrtWorkerPool;
let plane: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sl-ort-worker-'));
  const modelDir = await trainTinyCf(dir);
  model = await loadModel(modelDir, 1);
  const { channels, size } = model.manifest.input;
  plane = channels * size * size;
  pool = new OrtWorkerPool(join(modelDir, model.manifest.files.onnx), 2, 4 * plane);
  await pool.ready;
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await model?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A batch of n pseudo-random inputs, different per seed. */
function values(n: number, seed: number): Float32Array {
  const v = new Float32Array(n * plane);
  for (let i = 0; i < v.length; i++) v[i] = Math.sin(i * 0.37 + seed * 11.3);
  return v;
}

describe('OrtWorkerPool shared slots', () => {
  it('answers what the model’s own session answers, reusing slots', async () => {
    const { channels, size } = model.manifest.input;
    const run = async (n: number, seed: number) => {
      const slot = pool.batchBuffer(n * plane);
      expect(slot.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(slot.length).toBe(n * plane);
      slot.set(values(n, seed));
      return pool.run(slot, n, channels, size);
    };
    // Eight concurrent batches of different sizes and inputs, then eight more after them.
    for (let round = 0; round < 2; round++) {
      const seeds = [1, 2, 3, 4, 5, 6, 7, 8].map((k) => k + round * 8);
      const outs = await Promise.all(seeds.map((seed, k) => run((k % 4) + 1, seed)));
      for (const [k, seed] of seeds.entries()) {
        const n = (k % 4) + 1;
        const want = await model.run(values(n, seed), n);
        for (const name of Object.keys(want)) {
          expect(outs[k]![name]!.dims).toEqual(want[name]!.dims);
          expect(Array.from(outs[k]![name]!.data)).toEqual(Array.from(want[name]!.data));
        }
      }
    }
    // The second round ran in the first round's slots.
    const made = (pool as unknown as { slots: unknown[] }).slots.length;
    expect(made).toBeLessThanOrEqual(8);
    const again = pool.batchBuffer(plane);
    expect((pool as unknown as { slots: unknown[] }).slots.length).toBe(made);
    expect(again.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('still runs a plain (moved) batch', async () => {
    const { channels, size } = model.manifest.input;
    const out = await pool.run(values(2, 99), 2, channels, size);
    const want = await model.run(values(2, 99), 2);
    for (const name of Object.keys(want))
      expect(Array.from(out[name]!.data)).toEqual(Array.from(want[name]!.data));
  });
});
