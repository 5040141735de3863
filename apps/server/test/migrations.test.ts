import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '@sightline/db';
import { createTestDatabase } from './harness';

describe('migrations', () => {
  it('are numbered uniquely and applied in order', () => {
    const files = readMigrations();
    expect(files.length).toBeGreaterThanOrEqual(2);
    const versions = files.map((f) => f.version);
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('a second run on a migrated database applies nothing and keeps rows', async () => {
    const t = await createTestDatabase();
    try {
      await t.database.pool.query(`INSERT INTO companies(name) VALUES ('Keep me')`);
      expect(await migrate(t.database.pool)).toEqual([]);
      const recorded = await t.database.pool.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded.rows.map((r) => r.version)).toEqual(readMigrations().map((f) => f.version));
      const kept = await t.database.pool.query(`SELECT name FROM companies`);
      expect(kept.rows).toEqual([{ name: 'Keep me' }]);
    } finally {
      await t.drop();
    }
  });

  it('concurrent runners on a fresh database apply each file exactly once', async () => {
    const t = await createTestDatabase();
    try {
      // Start from an empty schema to race the runners for real.
      await t.database.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      const results = await Promise.all([
        migrate(t.database.pool),
        migrate(t.database.pool),
        migrate(t.database.pool),
      ]);
      const appliedTotal = results.flat();
      expect(appliedTotal.sort()).toEqual(
        readMigrations()
          .map((f) => f.name)
          .sort(),
      );
    } finally {
      await t.drop();
    }
  });

  it('a failing file rolls back entirely and is not recorded', async () => {
    const t = await createTestDatabase();
    const { mkdtempSync, writeFileSync, copyFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { migrationsDir } = await import('@sightline/db');
    const dir = mkdtempSync(join(tmpdir(), 'mig-'));
    for (const f of readMigrations()) copyFileSync(join(migrationsDir(), f.name), join(dir, f.name));
    writeFileSync(
      join(dir, '9999_broken.sql'),
      'CREATE TABLE half_done(id int); SELECT * FROM no_such_table;',
    );
    try {
      await expect(migrate(t.database.pool, dir)).rejects.toThrow(/9999_broken/);
      const half = await t.database.pool.query(`SELECT to_regclass('half_done') AS t`);
      expect(half.rows[0].t).toBeNull();
      const rec = await t.database.pool.query(`SELECT 1 FROM schema_migrations WHERE version = '9999'`);
      expect(rec.rowCount).toBe(0);
    } finally {
      await t.drop();
    }
  });
});
