import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobSchedules } from '../src/schedule';

afterEach(() => vi.useRealTimers());

describe('startJobSchedules', () => {
  it('enqueues each maintenance job once soon after start, then every interval, with its singleton key', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const enqueue = vi.fn(async (item: { kind: string }, opts?: { singletonKey?: string }) => {
      sent.push(`${item.kind}:${opts?.singletonKey}`);
      return { id: 'x', created: true };
    });
    const stop = startJobSchedules(
      { enqueue },
      [{ kind: 'download.cleanup', everyMs: 60_000 }],
      () => undefined,
      5_000,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['download.cleanup:download.cleanup']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2); // at 5 s (first) and 60 s (interval); now 65 s
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toHaveLength(2);
  });

  it('reports a failed enqueue instead of throwing', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    const stop = startJobSchedules(
      { enqueue: async () => Promise.reject(new Error('db down')) },
      [{ kind: 'storage.gc', everyMs: 1_000 }],
      (err, msg) => warnings.push(`${msg}: ${err.message}`),
      10,
    );
    await vi.advanceTimersByTimeAsync(10);
    stop();
    expect(warnings).toEqual(['storage.gc enqueue failed: db down']);
  });
});
