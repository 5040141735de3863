import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobService } from '@sightline/jobs';
import { setupTestApp, spawnWorker, waitFor, type WorkerProcess } from './harness';

const t = setupTestApp({ jobs: true });
let jobs: JobService;
let worker: WorkerProcess | null = null;

beforeAll(() => {
  jobs = new JobService(t.database, t.queue);
});
afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exited();
  }
});

const bossState = async (id: string) => (await t.queue!.boss.getJobById('system.sleep', id))?.state;

describe('without a worker', () => {
  it('enqueue creates the jobs row and the pg-boss job with the same id', async () => {
    const { id, created } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1 } },
      { projectId: null },
    );
    expect(created).toBe(true);
    const row = await jobs.getRow(id);
    expect(row).toMatchObject({ kind: 'system.sleep', status: 'queued', progress: 0, attempts: 0 });
    expect(await bossState(id)).toBe('created');
  });

  it('rejects a payload that does not match the domain union', async () => {
    await expect(jobs.enqueue({ kind: 'system.sleep', payload: { ms: -5, steps: 1 } })).rejects.toThrow();
    // @ts-expect-error unknown kinds do not type-check either
    await expect(jobs.enqueue({ kind: 'nope', payload: {} })).rejects.toThrow();
  });

  it('a singleton key deduplicates while the first job is queued or running', async () => {
    const a = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1 } },
      { singletonKey: 'dedup-1' },
    );
    const b = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1 } },
      { singletonKey: 'dedup-1' },
    );
    expect(b).toEqual({ id: a.id, created: false });
    const c = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1 } },
      { singletonKey: 'dedup-2' },
    );
    expect(c.id).not.toBe(a.id);
  });

  it('cancelling a queued job cancels it in pg-boss and marks the row; API needs access', async () => {
    const owner = await t.factory.user({ roleId: 4 });
    const stranger = await t.factory.user({ roleId: 4 });
    const { id } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1 } },
      { userId: owner.id },
    );
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/cancel`,
      headers: await t.loginAs(stranger),
    });
    expect(denied.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/cancel`,
      headers: await t.loginAs(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'cancelled', cancel_requested: true });
    expect(await bossState(id)).toBe('cancelled');
    const get = await t.app.inject({ url: `/api/jobs/${id}`, headers: await t.loginAs(owner) });
    expect(get.json().data.status).toBe('cancelled');
  });
});

describe('with a real worker process', () => {
  beforeAll(async () => {
    // Jobs queued by the tests above were for "no worker"; clear them so counts below are exact.
    await t.queue!.boss.purgeQueue('system.sleep');
    await t.database.pool.query(`UPDATE jobs SET status = 'cancelled' WHERE status = 'queued'`);
    worker = spawnWorker(t.url);
    await worker.ready();
  });

  it('runs a job to success with progress, streamed over SSE', async () => {
    const admin = await t.factory.user({ roleId: 1 });
    const h = await t.loginAs(admin);
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/probe',
      headers: h,
      payload: { ms: 1200, steps: 4 },
    });
    expect(probe.statusCode).toBe(200);
    const id = probe.json().data.id;
    // inject resolves when the stream ends, which is when the job finished.
    const sse = await t.app.inject({
      url: `/api/jobs/${id}/events?ticket=${(await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: h })).json().data.ticket}`,
    });
    expect(sse.headers['content-type']).toMatch(/text\/event-stream/);
    const events = sse.body
      .split('\n\n')
      .filter((b) => b.startsWith('event: job'))
      .map((b) => JSON.parse(b.split('data: ')[1]!));
    expect(events.at(-1)).toMatchObject({
      id,
      status: 'succeeded',
      progress: 100,
      result: { slept: 1200, steps: 4 },
      attempts: 1,
    });
    const progresses = events.map((e) => e.progress);
    expect(progresses).toEqual([...progresses].sort((a, b) => a - b));
    expect(new Set(progresses).size).toBeGreaterThanOrEqual(3);
  });

  it('cancelling a running job aborts the handler', async () => {
    const { id } = await jobs.enqueue({ kind: 'system.sleep', payload: { ms: 20_000, steps: 20 } });
    await waitFor(async () => (await jobs.getRow(id)).status === 'running', 15_000, 'running');
    const started = Date.now();
    await jobs.cancel(id);
    const row = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'cancelled' ? r : null;
      },
      10_000,
      'cancelled',
    );
    expect(Date.now() - started).toBeLessThan(8000);
    expect(row.progress).toBeLessThan(100);
    await waitFor(async () => (await bossState(id)) === 'completed', 5000, 'pg-boss completed');
  });

  it('a failing handler is retried up to retryLimit, then the row is failed with the message', async () => {
    const { id } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 10, steps: 1, fail: true } },
      { retryLimit: 1 },
    );
    const row = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'failed' ? r : null;
      },
      20_000,
      'failed',
    );
    expect(row.attempts).toBe(2);
    expect(row.message).toBe('system.sleep asked to fail');
    // The worker writes the row before pg-boss records the failure, so the queue state may lag a moment.
    await waitFor(async () => (await bossState(id)) === 'failed', 5000, 'pg-boss failed');
  });

  it('SIGTERM lets the worker stop cleanly and records it as stopped', async () => {
    worker!.child.kill('SIGTERM');
    expect(await worker!.exited()).toBe(0);
    const r = await t.database.pool.query(`SELECT count(*)::int AS n FROM workers WHERE stopped_at IS NULL`);
    expect(r.rows[0].n).toBe(0);
  });
});
