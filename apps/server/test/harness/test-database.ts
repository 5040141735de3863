// A fresh database per test file, cloned from the migrated template made by global-setup.ts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '@sightline/db';

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = inject('pgBaseUrl');
  const template = inject('templateDb');
  const name = `${template.replace('_tpl_', '_t_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const database = createDatabase(url, { max: 5 });
  return {
    name,
    url,
    database,
    async drop() {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
