// Applies migrations/NNNN_name.sql in order, one transaction per file, recorded in schema_migrations.
// A session advisory lock serialises servers and workers that start at the same moment.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const LOCK_KEY = 727_001; // arbitrary, constant: "sightline migrations"
const FILE_RE = /^(\d{4})_[a-z0-9_-]+\.sql$/;

/** The migrations folder, found from this module's location in sources (packages/db/src) or bundles (dist/migrations, copied by scripts/build.mjs). */
export function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [join(dir, 'migrations'), join(dir, 'packages/db/migrations')]) {
      if (existsSync(join(candidate, '0001_core.sql'))) return candidate;
    }
    dir = resolve(dir, '..');
  }
  throw new Error('migrations folder not found (packages/db/migrations, or migrations/ beside the bundle)');
}

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  const files = readdirSync(dir)
    .filter((f) => FILE_RE.test(f))
    .sort();
  const seen = new Set<string>();
  return files.map((name) => {
    const version = name.slice(0, 4);
    // Two files with one number would apply in an arbitrary order: refuse (number ranges per area).
    if (seen.has(version)) throw new Error(`two migrations share number ${version}`);
    seen.add(version);
    return { version, name, sql: readFileSync(join(dir, name), 'utf8') };
  });
}

/** Runs pending migrations; returns the names applied now (empty when up to date). */
export async function migrate(pool: pg.Pool, dir?: string): Promise<string[]> {
  const files = readMigrations(dir);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const f of files) {
      if (done.has(f.version)) continue;
      try {
        await client.query('BEGIN');
        await client.query(f.sql);
        await client.query('INSERT INTO schema_migrations(version, name) VALUES ($1, $2)', [
          f.version,
          f.name,
        ]);
        await client.query('COMMIT');
        applied.push(f.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${f.name} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
