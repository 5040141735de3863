// Finds workers whose heartbeat went stale (crash, SIGKILL, lost host), marks them lost and hands
// their running jobs back to pg-boss: retried while retries remain, failed otherwise.
import { JobRepository, WorkerRepository, type Database } from '@sightline/db';
import type { JobQueue } from './job-queue';
import { followQueueStates } from './job-follow';

export class WorkerReaper {
  private timer: NodeJS.Timeout | null = null;
  private readonly workers: WorkerRepository;
  private readonly jobs: JobRepository;

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue,
    private readonly staleMs: number,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    this.workers = new WorkerRepository(database.db);
    this.jobs = new JobRepository(database.db);
  }

  start(intervalMs = 2000) {
    this.timer = setInterval(
      () => void this.runOnce().catch((e) => this.log(`reaper: ${(e as Error).message}`)),
      intervalMs,
    );
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; returns how many jobs were handed back. */
  async runOnce(): Promise<number> {
    // Rows left 'running' by a pg-boss job that expired or vanished follow the queue.
    const followed = await followQueueStates(this.database.pool);
    for (const j of followed) this.log(`job ${j.id}: ${j.status} (its queue job is no longer active)`);
    const lost = await this.workers.reapStale(this.staleMs);
    if (lost.length === 0) return 0;
    this.log(`workers lost: ${lost.join(', ')}`);
    return this.handBack(lost);
  }

  /**
   * The supervisor saw a worker process exit: a clean exit (code 0) is recorded as a stop, anything else
   * as a loss whose jobs are handed back now rather than after the heartbeat window.
   */
  async workerExited(hostname: string, pid: number, clean: boolean): Promise<number> {
    const lost = await this.workers.markExited(hostname, pid, clean);
    if (lost.length === 0) return 0;
    this.log(`workers lost: ${lost.join(', ')} (process ${pid} exited)`);
    return this.handBack(lost);
  }

  /** Hands the running jobs of lost workers back to pg-boss (or cancels them when asked to). */
  private async handBack(lost: string[]): Promise<number> {
    const running = await this.jobs.runningOnWorkers(lost);
    for (const job of running) {
      if (job.cancelRequested) {
        // Nobody wants the result any more: cancel instead of retrying.
        await this.queue.cancel(job.queue, job.id);
        await this.jobs.finish(job.id, 'cancelled', 'cancelled');
        continue;
      }
      const state = await this.queue.failActive(job.queue, job.id, 'worker lost');
      if (state === 'retry') await this.jobs.requeue(job.id, 'worker lost; retrying');
      else await this.jobs.finish(job.id, 'failed', 'worker lost');
    }
    return running.length;
  }
}
