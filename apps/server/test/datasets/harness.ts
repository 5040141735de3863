// A dataset test app: the real app on a fresh database, with local-disk or S3 storage in a temp place.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createDeps, type AppDeps } from '../../src/app-deps';
import { uploadLimitsFromEnv } from '../../src/features/dataset/ingest/upload-limits';
import { testConfig } from '../../src/config';
import type { Db } from '@sightline/db';
import { LocalStorage } from '@sightline/storage';
import type { Storage } from '@sightline/storage';
import { startS3rver } from '@sightline/storage/testing';
import { createTestDatabase } from '../harness/test-database';
import { factories, type Factories } from '../harness/factories';
import { createBoss, pgBossQueue, startBoss, type JobQueue } from '@sightline/jobs';
import { multipart, type FilePart } from './fixtures';

export interface DatasetTestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  storage: Storage;
  dataDir: string;
  /** This file's database URL (for a worker). */
  url: string;
  factory: Factories;
  loginAs(user: { id: number; roleId: number; companyId: number | null }): Promise<{ authorization: string }>;
  /** Every key currently in storage. */
  keys(): Promise<string[]>;
}

export function setupDatasetApp(
  opts: {
    storage?: 'local' | 's3';
    env?: Record<string, string>;
    config?: Parameters<typeof testConfig>[0];
    jobs?: boolean;
  } = {},
) {
  const ctx = {} as DatasetTestApp;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-ds-test-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const tdb = await createTestDatabase();
    cleanups.push(() => tdb.drop());
    let storage: Storage;
    if (opts.storage === 's3') {
      const s3 = await startS3rver();
      cleanups.push(() => s3.stop());
      storage = s3.storage;
    } else storage = new LocalStorage(join(dataDir, 'storage'));
    let queue: JobQueue | null = null;
    if (opts.jobs) {
      const boss = createBoss(tdb.url, { supervise: false, max: 2 });
      await startBoss(boss);
      queue = pgBossQueue(boss);
      cleanups.push(() => queue!.stop());
    }
    const saved = { ...process.env };
    Object.assign(process.env, opts.env ?? {});
    const deps = createDeps({
      config: testConfig({
        webDist: '/nonexistent',
        dataDir,
        logLevel: process.env.DS_TEST_LOG ?? 'silent',
        uploadLimits: uploadLimitsFromEnv(process.env),
        ...opts.config,
      }),
      database: tdb.database,
      secret: randomBytes(32),
      storage,
      queue,
    });
    const app = await buildApp(deps);
    await app.ready();
    process.env = saved;
    cleanups.push(() => app.close());
    Object.assign(ctx, {
      app,
      deps,
      db: tdb.database.db,
      storage,
      dataDir,
      url: tdb.url,
      factory: factories(tdb.database.db),
      loginAs: async (u: { id: number; roleId: number; companyId: number | null }) => ({
        authorization: `Bearer ${await deps.tokens.signAccess(u)}`,
      }),
      async keys() {
        const out: string[] = [];
        for await (const k of storage.list('')) out.push(k);
        return out.sort();
      },
    } satisfies DatasetTestApp);
  }, 120_000);
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  return ctx;
}

/** A company, a project and a member with the training permission. */
export async function projectWithMember(
  t: DatasetTestApp,
  over: { imageUploadLimit?: number; trial?: boolean } = {},
) {
  const company = await t.factory.company();
  const project = await t.factory.project({
    companyId: company.id,
    endDate: '2099-01-01',
    imageUploadLimit: over.imageUploadLimit ?? null,
  });
  const user = await t.factory.user({
    roleId: 4,
    companyId: company.id,
    projects: { [project.id]: [1] },
    trial: over.trial ?? false,
  });
  return { company, project, user, headers: await t.loginAs(user) };
}

/** POST /api/v2/datasets/upload with these fields and files (a zip or images); the answer as it is. */
export function postUpload(
  t: Pick<DatasetTestApp, 'app'>,
  headers: object,
  fields: Record<string, string | number | undefined>,
  files: FilePart[],
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/datasets/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

/** Uploads files (a zip or images) as a dataset through POST /api/v2/datasets/upload: 201, its id. */
export async function uploadDataset(
  t: Pick<DatasetTestApp, 'app'>,
  headers: object,
  fields: Record<string, string | number | undefined>,
  files: FilePart[],
): Promise<number> {
  const up = await postUpload(t, headers, fields, files);
  expect(up.statusCode, up.body).toBe(201);
  return up.json().data.dataset_id as number;
}
