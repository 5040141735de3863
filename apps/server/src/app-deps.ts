// What every feature may use, built once per process (main.ts) or per test file (test harness).
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { TokenService } from './features/auth/token.service';
import { AccountGuard } from './features/auth/account-guard';
import { SessionRepository } from './features/auth/session.repository';
import { SettingsRepository } from './settings/settings.repository';
import type { JobQueue } from './jobs/job-queue';
import type { JobEvents } from './jobs/job-events';
import type { Storage } from './storage/storage';
import { createStorage } from './storage/create-storage';
import { MediaSigner } from './features/datasets/media-signer';

export interface AppDeps {
  config: ServerConfig;
  database: Database;
  tokens: TokenService;
  accountGuard: AccountGuard;
  settings: SettingsRepository;
  /** pg-boss behind our interface; null when the app runs without a queue (some tests). */
  queue: JobQueue | null;
  jobEvents: JobEvents | null;
  /** Originals, thumbnails and download zips: local disk under DATA_DIR, or S3 when S3_BUCKET is set. */
  storage: Storage;
  /** Signs <img src> and download URLs (no Authorization header there). */
  media: MediaSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export function createDeps(opts: {
  config: ServerConfig;
  database: Database;
  secret: Uint8Array;
  queue?: JobQueue | null;
  jobEvents?: JobEvents | null;
  storage?: Storage;
}): AppDeps {
  const { config, database } = opts;
  const settings = new SettingsRepository(database.db);
  return {
    config,
    database,
    settings,
    tokens: new TokenService(opts.secret, config.accessTokenTtlSec),
    accountGuard: new AccountGuard(settings, new SessionRepository(database.db), config.productName),
    queue: opts.queue ?? null,
    jobEvents: opts.jobEvents ?? null,
    storage: opts.storage ?? createStorage(process.env, config.dataDir),
    media: new MediaSigner(opts.secret),
  };
}
