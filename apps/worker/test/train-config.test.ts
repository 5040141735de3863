// The worker's training settings: TRAIN_CONCURRENCY (default 1), WORK_DIR and CACHE_DIR under DATA_DIR.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../src/config';

const base = { DATABASE_URL: 'postgres://x@localhost/db', DATA_DIR: '/srv/data' };

describe('worker training settings', () => {
  it('defaults to one training at a time, work and cache folders under DATA_DIR', () => {
    const c = loadWorkerConfig(base);
    expect(c.trainConcurrency).toBe(1);
    expect(c.workDir).toBe(resolve('/srv/data/work'));
    expect(c.cacheDir).toBe(resolve('/srv/data/cache'));
  });

  it('reads TRAIN_CONCURRENCY, WORK_DIR and CACHE_DIR, and refuses a bad concurrency', () => {
    const c = loadWorkerConfig({
      ...base,
      TRAIN_CONCURRENCY: '2',
      WORK_DIR: '/fast/work',
      CACHE_DIR: '/fast/cache',
    });
    expect(c).toMatchObject({ trainConcurrency: 2, workDir: '/fast/work', cacheDir: '/fast/cache' });
    expect(() => loadWorkerConfig({ ...base, TRAIN_CONCURRENCY: '0' })).toThrow(/TRAIN_CONCURRENCY/);
    expect(() => loadWorkerConfig({ ...base, TRAIN_CONCURRENCY: '1.5' })).toThrow(/TRAIN_CONCURRENCY/);
  });
});
