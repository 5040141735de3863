// Worker configuration: every environment variable the worker reads (README "Running more workers").
import { resolve } from 'node:path';
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
  };
}
