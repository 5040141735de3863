// What every feature may use, built once per process (main.ts) or per test file (test harness).
import type { ServerConfig } from './config';
import type { Database } from '@sightline/db';
import { TokenService } from './features/auth/token.service';
import { AccountGuard } from './features/auth/account-guard';
import { SessionRepository } from './features/auth/session.repository';
import { SettingsRepository } from './settings/settings.repository';
import type { JobQueue } from '@sightline/jobs';
import type { JobEvents } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { createStorage } from '@sightline/storage';
import { MediaSigner } from './features/dataset/media-signer';
import type { PgListener } from '@sightline/db';

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
    /** PostgreSQL notifications for SSE streams: one LISTEN connection per app (buildApp). */
    pgEvents: PgListener;
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
    storage: opts.storage ?? createStorage(config.storage),
    media: new MediaSigner(opts.secret),
  };
}
