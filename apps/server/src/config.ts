// Server configuration from the environment (README "Configuration" lists every variable).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAMES, type ProductName } from '@sightline/domain';
import { storageConfigFromEnv, type StorageConfig } from '@sightline/storage';
import { uploadLimitsFromEnv, type UploadLimits } from './features/dataset/ingest/upload-limits';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: an embedded PostgreSQL runs in DATA_DIR/pg. */
  databaseUrl?: string;
  adminUsername: string;
  adminPassword?: string;
  seedDemo: boolean;
  demoPassword?: string;
  productName: ProductName;
  /** Worker child processes the server spawns (0: run workers yourself, see README). */
  workers: number;
  /** SSL is on (directly or at a proxy): cookies get the secure flag, clients switch to https. */
  ssl: boolean;
  webDist: string;
  accessTokenTtlSec: number;
  refreshTokenTtlDays: number;
  /** A worker whose heartbeat is older than this is lost; its jobs are retried or failed. */
  workerStaleMs: number;
  logLevel: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (else it could be spoofed). */
  trustProxy: boolean;
  /** Base of download-file links (/{code}/download/...); '' means this server's own origin. */
  imageBaseUrl: string;
  /** Files: S3 when S3_BUCKET is set, else DATA_DIR/storage (workers must use the same setting). */
  storage: StorageConfig;
  /** Upload caps (UPLOAD_MAX_*, UPLOAD_CONCURRENCY; DATASET_API.md). */
  uploadLimits: UploadLimits;
  /** How often the runtime enqueues download.cleanup and storage.gc. */
  downloadCleanupIntervalMs: number;
  storageGcIntervalMs: number;
  /** The worker bundle the supervisor spawns (WORKER_ENTRY; unset: apps/worker/dist/main.js). */
  workerEntry?: string;
  /** SQL migrations folder (MIGRATIONS_DIR; unset: beside the bundle or packages/db/migrations). */
  migrationsDir?: string;
  /** Requests slower than this are logged at info (all others at debug). */
  slowRequestMs: number;
  /** Click-segmentation refinement (segment.refine): training seconds, and an optional step cap (tests). */
  segmentRefine: { seconds: number; maxSteps?: number };
  /** The environment handed to spawned workers (they read their own settings from it). */
  workerEnv: Record<string, string | undefined>;
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const product = (env.PRODUCT_NAME ?? 'onprem') as ProductName;
  if (!PRODUCT_NAMES.includes(product))
    throw new Error(`PRODUCT_NAME must be one of ${PRODUCT_NAMES.join(', ')}`);
  const workers = Number(env.WORKERS ?? 1);
  if (!Number.isInteger(workers) || workers < 0) throw new Error('WORKERS must be a whole number ≥ 0');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    demoPassword: env.DEMO_PASSWORD || undefined,
    productName: product,
    workers,
    ssl: bool(env.SSL, false),
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : findWebDist(),
    accessTokenTtlSec: Number(env.ACCESS_TOKEN_TTL_SEC ?? 900),
    refreshTokenTtlDays: Number(env.REFRESH_TOKEN_TTL_DAYS ?? 14),
    workerStaleMs: Number(env.WORKER_STALE_MS ?? 10_000),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: bool(env.TRUST_PROXY, false),
    imageBaseUrl: (env.IMAGE_BASE_URL ?? '').replace(/\/$/, ''),
    storage: storageConfigFromEnv(env, resolve(env.DATA_DIR ?? './data')),
    uploadLimits: uploadLimitsFromEnv(env),
    downloadCleanupIntervalMs: Number(env.DOWNLOAD_CLEANUP_INTERVAL_MS ?? 3_600_000),
    storageGcIntervalMs: Number(env.STORAGE_GC_INTERVAL_MS ?? 24 * 3_600_000),
    workerEntry: env.WORKER_ENTRY || undefined,
    migrationsDir: env.MIGRATIONS_DIR || undefined,
    slowRequestMs: Number(env.SLOW_REQUEST_MS ?? 1000),
    segmentRefine: {
      seconds: Number(env.SEGMENT_REFINE_SECONDS ?? 180),
      maxSteps: env.SEGMENT_REFINE_MAX_STEPS ? Number(env.SEGMENT_REFINE_MAX_STEPS) : undefined,
    },
    workerEnv: { ...env },
  };
}

/** apps/web/dist of this checkout, whatever the working directory the server was started from. */
function findWebDist(): string {
  const fromCwd = resolve('apps/web/dist');
  if (existsSync(fromCwd)) return fromCwd;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps/web/dist');
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  return fromCwd;
}

/** A config for tests and tools: defaults plus overrides, no environment. */
export function testConfig(over: Partial<ServerConfig> = {}): ServerConfig {
  const base = { ...loadConfig({}), logLevel: 'silent', workers: 0, ...over };
  // Storage follows the test's data folder unless the test picked one.
  return over.storage || !over.dataDir
    ? base
    : { ...base, storage: { kind: 'local', dataDir: over.dataDir } };
}
