// Enqueue (pg-boss job + jobs row in one transaction, deduplicated by singleton key), cancel, read.
import { randomUUID } from 'node:crypto';
import { ErrorCode, Role, jobSchema, type Actor, type JobItem, type JobView } from '@sightline/domain';
import { AppError } from '../http/app-error';
import type { Database } from '../db/client';
import type { JobRow } from '../db/schema';
import type { JobQueue } from './job-queue';
import { JobRepository } from './job.repository';

export interface EnqueueOptions {
  projectId?: number | null;
  userId?: number | null;
  /** At most one queued or running job per key: a second enqueue returns the first job. */
  singletonKey?: string;
  /** Extra attempts after a failure or a lost worker (default 1). */
  retryLimit?: number;
}

export const mapJob = (j: JobRow): JobView => ({
  id: j.id,
  kind: j.kind,
  status: j.status,
  progress: j.progress,
  message: j.message,
  result: j.result ?? null,
  project_id: j.projectId,
  attempts: j.attempts,
  cancel_requested: j.cancelRequested,
  created_at: j.createdAt.toISOString(),
  started_at: j.startedAt?.toISOString() ?? null,
  finished_at: j.finishedAt?.toISOString() ?? null,
});

export class JobService {
  readonly jobs: JobRepository;

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue | null,
  ) {
    this.jobs = new JobRepository(database.db);
  }

  private requireQueue(): JobQueue {
    if (!this.queue) throw new AppError(ErrorCode.Internal, 503);
    return this.queue;
  }

  /** Validates the payload against the domain union, then creates both rows atomically. */
  async enqueue(item: JobItem, opts: EnqueueOptions = {}): Promise<{ id: string; created: boolean }> {
    const queue = this.requireQueue();
    const job = jobSchema.parse(item);
    const client = await this.database.pool.connect();
    try {
      await client.query('BEGIN');
      if (opts.singletonKey) {
        // Serialises enqueues of one key across processes for the rest of this transaction.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [opts.singletonKey]);
        const dup = await client.query<{ id: string }>(
          `SELECT id FROM jobs WHERE singleton_key = $1 AND status IN ('queued','running') LIMIT 1`,
          [opts.singletonKey],
        );
        if (dup.rows[0]) {
          await client.query('ROLLBACK');
          return { id: dup.rows[0].id, created: false };
        }
      }
      const id = randomUUID();
      await client.query(
        `INSERT INTO jobs (id, queue, kind, payload, singleton_key, project_id, user_id) VALUES ($1, $2, $2, $3, $4, $5, $6)`,
        [
          id,
          job.kind,
          JSON.stringify(job.payload),
          opts.singletonKey ?? null,
          opts.projectId ?? null,
          opts.userId ?? null,
        ],
      );
      const sent = await queue.send(job.kind, job.payload, {
        id,
        singletonKey: opts.singletonKey,
        retryLimit: opts.retryLimit ?? 1,
        client,
      });
      if (!sent) throw new Error(`pg-boss refused job ${job.kind}`);
      await client.query('COMMIT');
      return { id, created: true };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** A queued job is cancelled at once; a running one is asked to stop (its handler's signal fires). */
  async cancel(id: string): Promise<JobRow> {
    const row = await this.jobs.requestCancel(id);
    if (!row) return this.getRow(id);
    if (row.status === 'queued') {
      await this.requireQueue().cancel(row.queue, id);
      await this.jobs.finish(id, 'cancelled', 'cancelled');
    }
    return this.getRow(id);
  }

  async getRow(id: string): Promise<JobRow> {
    const row = await this.jobs.findById(id);
    if (!row) throw AppError.notFound('id');
    return row;
  }

  /** The job's owner, managers (roles 1–2), and users who can see its project may read it. */
  async getForActor(id: string, actor: Actor, visibleProjectIds: () => Promise<number[]>): Promise<JobRow> {
    const row = await this.getRow(id);
    if (row.userId === actor.id || actor.roleId <= Role.ServiceAdmin) return row;
    if (row.projectId !== null && (await visibleProjectIds()).includes(row.projectId)) return row;
    throw AppError.notFound('id');
  }
}
