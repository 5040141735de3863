// Runs pg-boss jobs through their handlers, mirroring state onto the jobs row: running → progress →
// succeeded | failed | cancelled (or back to queued when pg-boss will retry).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import { jobSchema, type JobKind } from '@sightline/domain';
import { JobRepository, type Database } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import type { HandlerContext, JobHandler, WorkerDirs } from './handler';

export interface JobRunnerOptions {
  /** Handlers of one kind running at once in this worker (default 1 per kind; TRAIN_CONCURRENCY for learning.train). */
  concurrency?: Partial<Record<JobKind, number>>;
  dirs?: WorkerDirs;
}

const CANCEL_POLL_MS = 1000;

export class JobRunner {
  private readonly jobs: JobRepository;
  private readonly active = new Map<string, AbortController>();
  /** The pg-boss fetch loops of each kind (their worker ids), to wake when a job of the kind is queued. */
  private readonly loops = new Map<string, string[]>();

  constructor(
    private readonly boss: PgBoss,
    private readonly database: Database,
    private readonly storage: Storage,
    private readonly registry: Map<JobKind, JobHandler>,
    private readonly workerId: string,
    private readonly log: (msg: string) => void,
    private readonly opts: JobRunnerOptions = {},
  ) {
    this.jobs = new JobRepository(database.db);
  }

  get activeCount() {
    return this.active.size;
  }

  async start(pollingIntervalSeconds = 0.5): Promise<void> {
    for (const kind of this.registry.keys()) {
      // pg-boss 10 runs one fetch loop per work() call: n calls = n jobs of this kind at once.
      const n = Math.max(1, this.opts.concurrency?.[kind] ?? 1);
      for (let i = 0; i < n; i++) {
        const loop = await this.boss.work<object>(
          kind,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
          async (batch) => {
            for (const job of batch) await this.run(job);
          },
        );
        this.loops.set(kind, [...(this.loops.get(kind) ?? []), loop]);
      }
    }
  }

  /** A job of `kind` was queued (the `job_queued` notification): its fetch loops look now, not at their
   * next poll. A busy loop ignores it; an unknown kind is not ours. */
  wake(kind: string): void {
    for (const loop of this.loops.get(kind) ?? []) this.boss.notifyWorker(loop);
  }

  /** Stops fetching new jobs; running ones continue. */
  async stopFetching(): Promise<void> {
    for (const kind of this.registry.keys()) await this.boss.offWork(kind);
  }

  abortAll(reason: 'shutdown') {
    for (const c of this.active.values()) c.abort(reason);
  }

  private async run(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const kind = job.name as JobKind;
    const handler = this.registry.get(kind)!;
    const row = await this.jobs.markRunning(job.id, this.workerId);
    if (row?.cancelRequested) {
      await this.jobs.finish(job.id, 'cancelled', 'cancelled');
      return; // completes the pg-boss job: nothing to retry
    }
    const controller = new AbortController();
    this.active.set(job.id, controller);
    const cancelPoll = setInterval(() => {
      this.jobs
        .isCancelRequested(job.id)
        .then((c) => c && controller.abort('cancelled'))
        .catch(() => undefined);
    }, CANCEL_POLL_MS);
    const tag = `[job ${kind} ${job.id.slice(0, 8)}]`;
    try {
      const parsed = jobSchema.parse({ kind, payload: job.data });
      const ctx: HandlerContext<JobKind> = {
        jobId: job.id,
        kind,
        payload: parsed.payload,
        progress: (pct, message) => this.jobs.progress(job.id, pct, message),
        signal: controller.signal,
        log: (m) => this.log(`${tag} ${m}`),
        db: this.database.db,
        database: this.database,
        storage: this.storage,
        attempt: job.retryCount + 1,
        dirs: this.opts.dirs ?? {
          work: join(tmpdir(), 'sightline-work'),
          cache: join(tmpdir(), 'sightline-cache'),
        },
      };
      const result = await handler.run(ctx);
      controller.signal.throwIfAborted();
      await this.jobs.finish(job.id, 'succeeded', 'done', result ?? null);
    } catch (err) {
      const reason = controller.signal.aborted ? controller.signal.reason : null;
      if (reason === 'cancelled') {
        await this.jobs.finish(job.id, 'cancelled', 'cancelled');
        return;
      }
      const message =
        reason === 'shutdown' ? 'worker stopped' : err instanceof Error ? err.message : String(err);
      this.log(`${tag} failed: ${message}`);
      if (job.retryCount < job.retryLimit) await this.jobs.requeue(job.id, `${message}; retrying`);
      else await this.jobs.finish(job.id, 'failed', message);
      throw err instanceof Error ? err : new Error(message); // pg-boss records the failure and retries
    } finally {
      clearInterval(cancelPoll);
      this.active.delete(job.id);
    }
  }
}
