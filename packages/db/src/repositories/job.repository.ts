// The jobs table: progress rows the UI reads, written by the server (enqueue, cancel, reaper) and workers.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clampProgress } from '@sightline/domain';
import type { Db } from '../client';
import { jobs, workers, type JobRow } from '../schema';

export class JobRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<JobRow | undefined> {
    return this.db.query.jobs.findFirst({ where: eq(jobs.id, id) });
  }

  /** Worker picked the job up (again, after a retry). */
  async markRunning(id: string, workerId: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        workerId,
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`now()`,
        finishedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, id))
      .returning();
    return row;
  }

  async progress(id: string, pct: number, message?: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        progress: clampProgress(pct),
        ...(message !== undefined ? { message } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  }

  async finish(
    id: string,
    status: 'succeeded' | 'failed' | 'cancelled',
    message: string,
    result: unknown = null,
  ): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status,
        message,
        result: result as object | null,
        ...(status === 'succeeded' ? { progress: 100 } : {}),
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, id));
  }

  /** Back to queued: pg-boss will hand it to a worker again. */
  async requeue(id: string, message: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', workerId: null, message, updatedAt: sql`now()` })
      .where(eq(jobs.id, id));
  }

  async requestCancel(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ cancelRequested: true, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    return row;
  }

  async isCancelRequested(id: string): Promise<boolean> {
    const [row] = await this.db.select({ c: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, id));
    return row?.c ?? false;
  }

  runningOnWorkers(workerIds: string[]): Promise<JobRow[]> {
    if (workerIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'running'), inArray(jobs.workerId, workerIds)));
  }
}

export class WorkerRepository {
  constructor(private readonly db: Db) {}

  async register(hostname: string, pid: number): Promise<string> {
    const [row] = await this.db.insert(workers).values({ hostname, pid }).returning({ id: workers.id });
    return row!.id;
  }

  async heartbeat(id: string): Promise<boolean> {
    const rows = await this.db
      .update(workers)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(workers.id, id), sql`${workers.lostAt} IS NULL`))
      .returning({ id: workers.id });
    return rows.length === 1;
  }

  async stopped(id: string): Promise<void> {
    await this.db
      .update(workers)
      .set({ stoppedAt: sql`now()` })
      .where(eq(workers.id, id));
  }

  /** Marks workers with a stale heartbeat as lost; each is returned to exactly one caller. */
  async reapStale(staleMs: number): Promise<string[]> {
    const rows = await this.db
      .update(workers)
      .set({ lostAt: sql`now()` })
      .where(
        sql`${workers.stoppedAt} IS NULL AND ${workers.lostAt} IS NULL AND ${workers.lastSeenAt} < now() - make_interval(secs => ${staleMs / 1000})`,
      )
      .returning({ id: workers.id });
    return rows.map((r) => r.id);
  }

  /**
   * The supervisor saw the process `pid` on `hostname` exit: a clean exit marks its row stopped, any other
   * lost (at once, not after the heartbeat window). Returns the ids of rows marked lost.
   */
  async markExited(hostname: string, pid: number, clean: boolean): Promise<string[]> {
    const rows = await this.db
      .update(workers)
      .set(clean ? { stoppedAt: sql`now()` } : { lostAt: sql`now()` })
      .where(
        sql`${workers.hostname} = ${hostname} AND ${workers.pid} = ${pid} AND ${workers.stoppedAt} IS NULL AND ${workers.lostAt} IS NULL`,
      )
      .returning({ id: workers.id });
    return clean ? [] : rows.map((r) => r.id);
  }

  /** Workers lost in the last `windowSec` seconds, newest first (at most `limit`). */
  async recentLosses(
    windowSec = 900,
    limit = 10,
  ): Promise<{ id: string; hostname: string; pid: number; lostAt: string }[]> {
    const res = await this.db.execute<{
      id: string;
      hostname: string;
      pid: number;
      lost_at: Date | string;
    }>(sql`
      SELECT id, hostname, pid, lost_at FROM workers
       WHERE lost_at >= now() - make_interval(secs => ${windowSec})
       ORDER BY lost_at DESC LIMIT ${limit}`);
    return res.rows.map((r) => ({
      id: r.id,
      hostname: r.hostname,
      pid: Number(r.pid),
      lostAt: new Date(r.lost_at).toISOString(),
    }));
  }

  async counts(staleMs: number, lostWindowSec = 300): Promise<{ alive: number; lost: number }> {
    const res = await this.db.execute<{ alive: string; lost: string }>(sql`
      SELECT
        count(*) FILTER (WHERE stopped_at IS NULL AND lost_at IS NULL AND last_seen_at >= now() - make_interval(secs => ${staleMs / 1000})) AS alive,
        count(*) FILTER (WHERE lost_at >= now() - make_interval(secs => ${lostWindowSec})) AS lost
      FROM workers`);
    const r = res.rows[0]!;
    return { alive: Number(r.alive), lost: Number(r.lost) };
  }
}
