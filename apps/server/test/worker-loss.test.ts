// A worker killed with SIGKILL while it holds a job: health reports it lost, the reaper hands the job
// back to pg-boss, a new worker finishes it, and health recovers.
import { describe, expect, it } from 'vitest';
import { JobService } from '@sightline/jobs';
import { WorkerReaper } from '@sightline/jobs';
import { setupTestApp, waitFor, workersStoppedAfterAll } from './harness';

const t = setupTestApp({ jobs: true, config: { workers: 1, workerStaleMs: 2500 } });
const workers = workersStoppedAfterAll();

const health = async () => (await t.app.inject({ url: '/api/health' })).json();

describe('lost worker', () => {
  it('is detected, its job is retried by another worker, and health recovers', async () => {
    const jobs = new JobService(t.database, t.queue);
    const first = workers.spawn(t.url);
    await first.ready();
    await waitFor(async () => (await health()).status === 'ok', 10_000, 'health ok with one worker');

    const { id } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 4000, steps: 8 } },
      { retryLimit: 1 },
    );
    const running = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'running' && r.progress > 0 ? r : null;
      },
      15_000,
      'job running on the first worker',
    );
    expect(running.attempts).toBe(1);

    first.child.kill('SIGKILL');
    await first.exited();
    const reaper = new WorkerReaper(t.database, t.queue!, t.deps.config.workerStaleMs);
    workers.reaper = reaper;
    reaper.start(300);

    const lostHealth = await waitFor(
      async () => {
        const h = await health();
        return h.workers.lost >= 1 ? h : null;
      },
      15_000,
      'health reports the lost worker',
    );
    expect(lostHealth).toMatchObject({ status: 'degraded', workers: { alive: 0, lost: 1, expected: 1 } });
    // The reaper marks the worker lost, then hands its job back: wait for the second step too.
    const requeued = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status !== 'running' ? r : null;
      },
      10_000,
      'job handed back',
    );
    expect(requeued.status).toBe('queued');
    expect(requeued.message).toMatch(/worker lost/);
    expect((await t.queue!.boss.getJobById('system.sleep', id))?.state).toBe('retry');

    const second = workers.spawn(t.url);
    await second.ready();
    const done = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'succeeded' ? r : null;
      },
      20_000,
      'job finished by the second worker',
    );
    expect(done.attempts).toBe(2);
    expect(done.workerId).not.toBe(running.workerId);
    expect(done.result).toEqual({ slept: 4000, steps: 8 });

    // pg-boss completes its job just after the handler's row update: wait for the queue to catch up.
    const recovered = await waitFor(
      async () => {
        const h = await health();
        return h.queue?.active === 0 ? h : null;
      },
      10_000,
      'queue reports no active job',
    );
    expect(recovered.status).toBe('ok');
    expect(recovered.workers.alive).toBe(1);
    expect(recovered.queue).toMatchObject({ ok: true, active: 0 });
  });
});
