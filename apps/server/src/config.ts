// Server configuration from the environment (README "Configuration" lists every variable).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAMES, type ProductName } from '@sightline/domain';

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
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const product = (env.PRODUCT_NAME ?? 'onprem') as ProductName;
  if (!PRODUCT_NAMES.includes(product)) throw new Error(`PRODUCT_NAME must be one of ${PRODUCT_NAMES.join(', ')}`);
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
  return { ...loadConfig({}), logLevel: 'silent', workers: 0, ...over };
}
