// Enqueue (pg-boss job + jobs row in one transaction, deduplicated by singleton key), cancel, read.
// Who may read or cancel a job is the server's concern (features/jobs/job-access.ts).
import { enqueueInTransaction } from './enqueue-in-transaction';
import { jobSchema, type JobItem, type JobView } from '@sightline/domain';
import { JobRepository, type Database, type JobRow } from '@sightline/db';
import type { JobQueue } from './job-queue';

/** No such job row (the server answers 404 NOT_FOUND on field 'id'). */
export class JobNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`job ${id} not found`);
    this.name = 'JobNotFoundError';
  }
}

/** The process runs without a queue (the server answers 503). */
export class QueueUnavailableError extends Error {
  constructor() {
    super('job queue unavailable');
    this.name = 'QueueUnavailableError';
  }
}

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
    jobs?: JobRepository,
  ) {
    this.jobs = jobs ?? new JobRepository(database.db);
  }

  private requireQueue(): JobQueue {
    if (!this.queue) throw new QueueUnavailableError();
    return this.queue;
  }

  /** Validates the payload against the domain union, then creates both rows atomically. */
  async enqueue(item: JobItem, opts: EnqueueOptions = {}): Promise<{ id: string; created: boolean }> {
    const queue = this.requireQueue();
    jobSchema.parse(item); // a bad payload is refused before a connection is taken
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
      const id = await enqueueInTransaction(client, queue, item, opts);
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
    if (!row) throw new JobNotFoundError(id);
    return row;
  }
}
