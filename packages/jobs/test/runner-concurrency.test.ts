// TRAIN_CONCURRENCY: the runner starts one pg-boss fetch loop per allowed concurrent job of a kind;
// a queued job (job_queued) wakes the loops of its kind.
import { describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import type { Database } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import { JobRunner, buildRegistry, defineHandler } from '../src';

function fakeBoss() {
  const calls: string[] = [];
  const woken: string[] = [];
  const boss = {
    work: async (name: string) => {
      calls.push(name);
      return `w-${calls.length}`;
    },
    offWork: async () => undefined,
    notifyWorker: (id: string) => woken.push(id),
  } as unknown as PgBoss;
  return { boss, calls, woken };
}

const noop = async () => null;
const registry = buildRegistry(
  [defineHandler('system.sleep', noop), defineHandler('learning.train', noop)],
  ['system.sleep', 'learning.train'],
);
const database = { db: {} } as unknown as Database;
const storage = {} as Storage;

describe('job runner concurrency', () => {
  it('runs one job of each kind at a time by default', async () => {
    const { boss, calls } = fakeBoss();
    await new JobRunner(boss, database, storage, registry, 'w', () => undefined).start();
    expect(calls.sort()).toEqual(['learning.train', 'system.sleep']);
  });

  it('starts as many training loops as TRAIN_CONCURRENCY allows, other kinds unchanged', async () => {
    const { boss, calls } = fakeBoss();
    await new JobRunner(boss, database, storage, registry, 'w', () => undefined, {
      concurrency: { 'learning.train': 3 },
    }).start();
    expect(calls.filter((c) => c === 'learning.train')).toHaveLength(3);
    expect(calls.filter((c) => c === 'system.sleep')).toHaveLength(1);
  });

  it('a queued job wakes every fetch loop of its kind, and only those', async () => {
    const { boss, calls, woken } = fakeBoss();
    const runner = new JobRunner(boss, database, storage, registry, 'w', () => undefined, {
      concurrency: { 'learning.train': 2 },
    });
    await runner.start();
    const loopsOf = (kind: string) => calls.flatMap((c, i) => (c === kind ? [`w-${i + 1}`] : []));
    runner.wake('learning.train');
    expect(woken).toEqual(loopsOf('learning.train'));
    woken.length = 0;
    runner.wake('system.sleep');
    runner.wake('no.such.kind');
    expect(woken).toEqual(loopsOf('system.sleep'));
  });
});
