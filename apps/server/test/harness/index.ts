// The server test harness: a fresh database per file, the real app, factories and a login helper.
//   const t = setupTestApp();                       // in a test file, at top level
//   const u = await t.factory.user({ roleId: 4 });
//   const res = await t.app.inject({ method: 'GET', url: '/api/user/information', headers: await t.loginAs(u) });
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createDeps, type AppDeps } from '../../src/app-deps';
import { testConfig, type ServerConfig } from '../../src/config';
import type { Database, Db } from '@sightline/db';
import { createBoss, pgBossQueue, startBoss, type JobQueue } from '@sightline/jobs';
import { JobEvents } from '@sightline/jobs';
import { createTestDatabase, type TestDatabase } from './test-database';
import { factories, type Factories } from './factories';

export { TEST_PASSWORD, type TestUser } from './factories';
export { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  db: Db;
  /** Connection URL of this file's database (e.g. for a spawned worker). */
  url: string;
  factory: Factories;
  queue: JobQueue | null;
  /** Authorization header of a fresh access token for the user. */
  loginAs(user: { id: number; roleId: number; companyId: number | null }): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  /** Start pg-boss (and the job-event listener) on the test database. */
  jobs?: boolean;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const tdb: TestDatabase = await createTestDatabase();
  let queue: JobQueue | null = null;
  let jobEvents: JobEvents | null = null;
  if (opts.jobs) {
    const boss = createBoss(tdb.url, { supervise: false, max: 3 });
    await startBoss(boss);
    queue = pgBossQueue(boss);
    jobEvents = new JobEvents(tdb.url);
    await jobEvents.start();
  }
  const deps = createDeps({
    config: testConfig({ webDist: '/nonexistent', ...opts.config }),
    database: tdb.database,
    secret: randomBytes(32),
    queue,
    jobEvents,
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database: tdb.database,
    db: tdb.database.db,
    url: tdb.url,
    factory: factories(tdb.database.db),
    queue,
    loginAs: async (user) => ({ authorization: `Bearer ${await deps.tokens.signAccess(user)}` }),
    async close() {
      await app.close();
      await jobEvents?.stop();
      await queue?.stop();
      await tdb.drop();
    },
  };
}

/** Registers beforeAll/afterAll; the returned object is filled in before the first test runs. */
export function setupTestApp(opts: TestAppOptions = {}): TestApp {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(opts));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}
export { spawnWorker, waitFor, workersStoppedAfterAll, type WorkerProcess } from './worker-process';
