// Worker configuration: every environment variable the worker reads (README "Running more workers").
import { join, resolve } from 'node:path';
import { storageConfigFromEnv, type StorageConfig } from '@sightline/storage';

export interface WorkerConfig {
  databaseUrl: string;
  /** Shared file storage: S3 when S3_BUCKET is set, else DATA_DIR/storage (same setting as the server). */
  storage: StorageConfig;
  heartbeatMs: number;
  shutdownGraceMs: number;
  /** Started by a server (SIGHTLINE_SUPERVISED=1): exit when that server goes away. */
  supervised: boolean;
  /** Where the SQL migrations are; unset: found beside the bundle or in packages/db. */
  migrationsDir?: string;
  /** Trainings (learning.train jobs) this worker runs at once (TRAIN_CONCURRENCY, default 1). */
  trainConcurrency: number;
  /** Local work files kept across attempts, e.g. learnings/{id} with the epoch checkpoint (WORK_DIR, default DATA_DIR/work). */
  workDir: string;
  /** Dataset files fetched from storage, by content hash (CACHE_DIR, default DATA_DIR/cache). */
  cacheDir: string;
  /** Size budget of cacheDir; least recently used entries go first (CACHE_MAX_GB, default 20). */
  cacheMaxBytes: number;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
  return {
    databaseUrl: env.DATABASE_URL,
    storage: storageConfigFromEnv(env, resolve(env.DATA_DIR ?? './data')),
    heartbeatMs: Number(env.WORKER_HEARTBEAT_MS ?? 2000),
    shutdownGraceMs: Number(env.WORKER_SHUTDOWN_GRACE_MS ?? 10_000),
    supervised: Boolean(env.SIGHTLINE_SUPERVISED),
    migrationsDir: env.MIGRATIONS_DIR || undefined,
    trainConcurrency: positiveInt(env.TRAIN_CONCURRENCY, 1, 'TRAIN_CONCURRENCY'),
    workDir: resolve(env.WORK_DIR || join(env.DATA_DIR ?? './data', 'work')),
    cacheDir: resolve(env.CACHE_DIR || join(env.DATA_DIR ?? './data', 'cache')),
    cacheMaxBytes: positiveNumber(env.CACHE_MAX_GB, 20, 'CACHE_MAX_GB') * 1024 ** 3,
  };
}

function positiveInt(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return n;
}

function positiveNumber(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number > 0`);
  return n;
}
