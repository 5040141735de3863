// Issue 18 item 3: /api/health tells the truth about workers. The server's supervisor reports a worker's
// exit at once: after a SIGKILL the worker is counted lost and its job handed back long before the
// heartbeat window (30 s here) runs out; health shows the loss with its time and recovers to lost 0
// when the restarted worker is up; a clean stop is recorded as a stop, never as a loss.
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JobService, WorkerReaper } from '@sightline/jobs';
import { WorkerSupervisor } from '../../src/runtime/worker-supervisor';
import { setupTestApp, waitFor } from '../harness';

const STALE_MS = 30_000;
const t = setupTestApp({ jobs: true, config: { workers: 1, workerStaleMs: STALE_MS } });
const WORKER_MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../../worker/src/main.ts');
let supervisor: WorkerSupervisor | null = null;

afterAll(async () => {
  await supervisor?.stop(5000);
});

const health = async () => (await t.app.inject({ url: '/api/health' })).json();

describe('worker exits reported by the supervisor', () => {
  it('a SIGKILLed worker is lost at once, its job handed back; health recovers; a clean stop is no loss', async () => {
    const logs: string[] = [];
    const reaper = new WorkerReaper(t.database, t.queue!, STALE_MS, (m) => logs.push(m));
    supervisor = new WorkerSupervisor(
      1,
      { ...process.env, DATABASE_URL: t.url, WORKER_HEARTBEAT_MS: '500', NODE_OPTIONS: '--import tsx' },
      WORKER_MAIN,
      (m) => logs.push(m),
      (pid, clean) => reaper.workerExited(hostname(), pid, clean),
    );
    supervisor.start();
    await waitFor(async () => (await health()).status === 'ok', 60_000, 'health ok with one worker');

    const jobs = new JobService(t.database, t.queue);
    const { id } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 3000, steps: 6 } },
      { retryLimit: 1 },
    );
    const running = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'running' ? r : null;
      },
      30_000,
      'job running',
    );
    const pid = supervisor.pids()[0]!;
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');

    const lostHealth = await waitFor(
      async () => {
        const h = await health();
        return h.workers.alive === 0 ? h : null;
      },
      5_000,
      'health counts the killed worker out',
    );
    const requeued = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status !== 'running' ? r : null;
      },
      5_000,
      'job handed back',
    );
    // Both long before the heartbeat window would have noticed.
    expect(Date.now() - killedAt).toBeLessThan(STALE_MS / 3);
    expect(lostHealth).toMatchObject({ status: 'degraded', workers: { alive: 0, lost: 1, expected: 1 } });
    expect(lostHealth.workers.recentLosses).toHaveLength(1);
    expect(lostHealth.workers.recentLosses[0]).toMatchObject({ id: running.workerId, pid });
    expect(Math.abs(Date.parse(lostHealth.workers.recentLosses[0].lostAt) - killedAt)).toBeLessThan(5_000);
    expect(requeued.status).toBe('queued');
    expect(requeued.message).toMatch(/worker lost/);

    // The supervisor restarts the worker; it finishes the job; health is ok with no open loss.
    const done = await waitFor(
      async () => {
        const r = await jobs.getRow(id);
        return r.status === 'succeeded' ? r : null;
      },
      60_000,
      'job finished by the restarted worker',
    );
    expect(done.attempts).toBe(2);
    const recovered = await waitFor(async () => {
      const h = await health();
      return h.status === 'ok' ? h : null;
    }, 10_000);
    expect(recovered.workers).toMatchObject({ alive: 1, lost: 0, expected: 1 });
    expect(recovered.workers.recentLosses).toHaveLength(1); // the history stays, with its time

    // A clean stop (SIGTERM, exit 0) is recorded as a stop at once, and no reaper pass turns it into a loss.
    await supervisor.stop(20_000);
    supervisor = null;
    const rows = await t.db.execute<{ stopped: string; lost: string; open: string }>(sql`
      SELECT count(*) FILTER (WHERE stopped_at IS NOT NULL) AS stopped,
             count(*) FILTER (WHERE lost_at IS NOT NULL) AS lost,
             count(*) FILTER (WHERE stopped_at IS NULL AND lost_at IS NULL) AS open
        FROM workers`);
    expect(rows.rows[0]).toMatchObject({ stopped: '1', lost: '1', open: '0' });
    await new WorkerReaper(t.database, t.queue!, 1).runOnce();
    const after = await health();
    expect(after.workers.recentLosses).toHaveLength(1);
    expect(after.workers.alive).toBe(0);
  }, 180_000);
});
