// The contract between the job runner and a job handler (one handler per job kind of packages/domain jobs.ts).
import type { JobKind, JobPayload } from '@sightline/domain';
import type { Database, Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';

export interface HandlerContext<K extends JobKind> {
  jobId: string;
  kind: K;
  payload: JobPayload<K>;
  /** Records progress (clamped to 0–100) and an optional message on the jobs row. */
  progress(pct: number, message?: string): Promise<void>;
  /** Aborted when the job is cancelled (reason 'cancelled') or the worker shuts down ('shutdown'). */
  signal: AbortSignal;
  log(msg: string): void;
  db: Db;
  database: Database;
  /** The shared file storage (same setting as the server's: local DATA_DIR/storage or S3). */
  storage: Storage;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
  /** This worker's local folders: work files kept across attempts (WORK_DIR), the content-hash file cache (CACHE_DIR). */
  dirs: WorkerDirs;
}

export interface WorkerDirs {
  work: string;
  cache: string;
}

export type JobResult = Record<string, unknown> | null | void;

export interface JobHandler<K extends JobKind = JobKind> {
  kind: K;
  run(ctx: HandlerContext<K>): Promise<JobResult>;
}

export function defineHandler<K extends JobKind>(
  kind: K,
  run: (ctx: HandlerContext<K>) => Promise<JobResult>,
): JobHandler<K> {
  return { kind, run };
}

/** Resolves after ms, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
