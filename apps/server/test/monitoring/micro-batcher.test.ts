// The inspection API's micro-batcher with several inference workers: at most `concurrency` batches run
// at once, requests that arrive meanwhile go together into the next batch, and a failed run rejects
// only the requests of its own batch.
import { describe, expect, it } from 'vitest';
import type { Prediction, Prepared } from '@sightline/vision';
import { CropPool, MicroBatcher } from '../../src/features/monitoring/inference-pool';

const item = (n: number) => ({ crops: [], width: n, height: 1, rects: [] }) as unknown as Prepared;

describe('MicroBatcher', () => {
  it('runs up to `concurrency` batches at once and batches what waits', async () => {
    let running = 0;
    let most = 0;
    const b = new MicroBatcher(
      async (batch) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return batch.map((p) => ({ index: p.width }) as unknown as Prediction);
      },
      4,
      2,
    );
    const first = Array.from({ length: 2 }, (_, i) => b.submit(item(i)));
    await new Promise((r) => setImmediate(r));
    // Both workers busy: these wait and go in batches of at most 4.
    const rest = Array.from({ length: 10 }, (_, i) => b.submit(item(i + 2)));
    const settled = await Promise.allSettled([...first, ...rest]);
    expect(most).toBe(2);
    expect(b.batches[0]).toBe(2);
    expect(Math.max(...b.batches)).toBe(4);
    expect(b.batches.reduce((a, x) => a + x, 0)).toBe(12);
    const ok = settled.flatMap((s, i) => (s.status === 'fulfilled' ? [i] : []));
    for (const i of ok)
      expect((settled[i] as unknown as PromiseFulfilledResult<{ index: number }>).value.index).toBe(i);
    expect(ok).toHaveLength(12);
  });

  it('a failed run rejects its own batch only', async () => {
    const b = new MicroBatcher(
      async (batch) => {
        await new Promise((r) => setTimeout(r, 5));
        if (batch.some((p) => p.width === 1)) throw new Error('bad batch');
        return batch.map((p) => ({ index: p.width }) as unknown as Prediction);
      },
      1,
      2,
    );
    const res = await Promise.allSettled([0, 1, 2].map((i) => b.submit(item(i))));
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('CropPool', () => {
  it('hands crops given back out again, by length, up to its keep', () => {
    const pool = new CropPool(5 * 48); // 5 crops of 12 values, but at least 4 of any size
    const a = pool.take(12);
    const b = pool.take(12);
    const c = pool.take(12);
    expect(new Set([a, b, c]).size).toBe(3);
    const d = pool.take(12);
    const e = pool.take(12);
    const f = pool.take(12);
    pool.give([a, b, c, a, d, e, f]);
    // Five kept (the sixth is left to the collector), each once.
    const again = Array.from({ length: 6 }, () => pool.take(12));
    expect(again.filter((x) => [a, b, c, d, e].includes(x))).toHaveLength(5);
    expect(new Set(again).size).toBe(6);
    // A size where 5 × 48 bytes holds fewer than 4 still keeps 4.
    const large = Array.from({ length: 5 }, () => pool.take(100));
    pool.give(large);
    const back = Array.from({ length: 5 }, () => pool.take(100));
    expect(back.filter((x) => large.includes(x))).toHaveLength(4);
    // Another length is another list; views into larger buffers are never kept.
    expect(pool.take(8)).toHaveLength(8);
    const view = new Float32Array(24).subarray(0, 12);
    const shared = new Float32Array(new SharedArrayBuffer(48));
    pool.give([view, shared]);
    const next = pool.take(12);
    expect(next).not.toBe(view);
    expect(next).not.toBe(shared);
    expect(next.buffer).toBeInstanceOf(ArrayBuffer);
  });
});
