// Issue 18 item 1: the embedded PostgreSQL dies. The server's PostgresSupervisor restarts it on the same
// port; meanwhile every API call answers 503 DATABASE_UNAVAILABLE with Retry-After (never 500), the outage
// is logged once, and afterwards the same pools serve again with every row kept. When PostgreSQL cannot be
// brought back the supervisor gives up (main.ts then exits non-zero).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createDatabase, migrate, type Database } from '@sightline/db';
import { buildApp } from '../../src/app';
import { createDeps } from '../../src/app-deps';
import { testConfig } from '../../src/config';
import { databaseAvailability } from '../../src/common/database-guard';
import { PostgresSupervisor } from '../../src/runtime/postgres-supervisor';
import { factories } from '../harness/factories';
import { createTestDatabase, TEST_PASSWORD } from '../harness';
import { withDatabase } from '../harness/test-database';
import { tcpProxy } from './tcp-proxy';

const baseDir = mkdtempSync(join(tmpdir(), 'sl-outage-'));
const logs: string[] = [];
const log = (m: string) => logs.push(m);
let sup: PostgresSupervisor;
let database: Database;
let app: FastifyInstance;
let gaveUp: Error | null = null;

beforeAll(async () => {
  sup = await PostgresSupervisor.start({ baseDir, databases: ['sightline'], log, checkMs: 200 });
  database = createDatabase(sup.url('sightline'), { max: 5 });
  await migrate(database.pool);
  app = await buildApp(
    createDeps({ config: testConfig({ webDist: '/nonexistent' }), database, secret: randomBytes(32) }),
  );
  await app.ready();
  const availability = databaseAvailability(database);
  availability.setLog(log);
  sup.watch({
    onDown: () => availability.reportDown('PostgreSQL is not running'),
    onUp: () => void availability.probe(),
    onGiveUp: (err) => (gaveUp = err),
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await sup?.stop();
  rmSync(baseDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL is killed', () => {
  it('answers 503 + Retry-After while it is down, then serves again with every row kept', async () => {
    const f = factories(database.db);
    const admin = await f.user({ roleId: 1 });
    for (let i = 0; i < 20; i++) await f.user({ roleId: 4 });
    const count = async () =>
      Number((await database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM users`)).rows[0]!.n);
    const before = await count();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await app.inject({ url: '/api/user/information', headers: auth })).statusCode).toBe(200);

    const pid = sup.postmasterPid()!;
    expect(pid).toBeGreaterThan(0);
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');

    const statuses = new Map<number, number>();
    let unavailable: {
      headers: Record<string, unknown>;
      body: { error: { code: string; message: string } };
    } | null = null;
    let backAt = 0;
    while (Date.now() - killedAt < 60_000) {
      const [info, attempt] = await Promise.all([
        app.inject({ url: '/api/user/information', headers: { ...auth, 'x-locale': 'en' } }),
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: admin.username, password: TEST_PASSWORD },
          remoteAddress: '10.7.0.1',
        }),
      ]);
      for (const r of [info, attempt]) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      if (info.statusCode === 503 && !unavailable) {
        unavailable = { headers: info.headers, body: info.json() };
      }
      if (info.statusCode === 200 && attempt.statusCode === 200 && unavailable) {
        backAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (backAt - killedAt) / 1000;
    console.log(`[outage] statuses ${JSON.stringify([...statuses])}, service back after ${seconds} s`);
    expect(unavailable, 'a 503 while PostgreSQL was down').not.toBeNull();
    expect(unavailable!.headers['retry-after']).toBe('5');
    expect(unavailable!.body.error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is briefly unavailable. Please try again in a moment.',
    });
    expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(backAt, 'service came back').toBeGreaterThan(0);
    expect(seconds).toBeLessThan(30); // goal 15 s; the bound leaves room for a loaded 2-core machine
    expect(sup.restarts).toBe(1);
    expect(sup.postmasterPid()).not.toBe(pid);
    expect(gaveUp).toBeNull();

    // Every row kept, the session too; the outage was logged once (down + back), not per request.
    expect(await count()).toBe(before);
    expect((await app.inject({ url: '/api/user/information', headers: auth })).statusCode).toBe(200);
    expect(logs.filter((l) => l.startsWith('database unavailable'))).toHaveLength(1);
    expect(logs.filter((l) => l.startsWith('database available again'))).toHaveLength(1);
    expect(databaseAvailability(database).down).toBe(false);
  }, 120_000);
});

describe('PostgreSQL cannot be brought back', () => {
  it('gives up after the backoff attempts (main.ts then exits non-zero)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-giveup-'));
    let calls = 0;
    const start = async () => {
      calls++;
      if (calls === 1)
        return { port: 5999, url: (db: string) => `postgres://x@127.0.0.1:5999/${db}`, stop: async () => {} };
      throw new Error('initdb: could not start');
    };
    const s = await PostgresSupervisor.start({
      baseDir: dir,
      databases: [],
      log,
      checkMs: 50,
      backoffMs: [10, 20, 40],
      start,
    });
    const err = await new Promise<Error>((resolve) => s.watch({ onGiveUp: resolve }));
    expect(err.message).toContain('could not start');
    expect(calls).toBe(4); // the first start + three attempts
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an external DATABASE_URL that goes away', () => {
  // A TCP proxy (tcp-proxy.ts) stands in for the network path to the database: closing it is the outage.
  it('answers 503 while it is unreachable and reconnects when it is back', async () => {
    const tdb = await createTestDatabase();
    const target = new URL(tdb.url);
    const p = tcpProxy(target.hostname, Number(target.port));
    const port = await p.open(0);
    const viaProxy = new URL(tdb.url);
    viaProxy.port = String(port);
    const db = createDatabase(withDatabase(viaProxy.toString(), tdb.name), { max: 3 });
    const a = await buildApp(
      createDeps({ config: testConfig({ webDist: '/nonexistent' }), database: db, secret: randomBytes(32) }),
    );
    await a.ready();
    const extLogs: string[] = [];
    databaseAvailability(db).setLog((m) => extLogs.push(m));
    try {
      const u = await factories(tdb.database.db).user({ roleId: 4 });
      const loginOnce = () =>
        a.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: u.username, password: TEST_PASSWORD },
        });
      expect((await loginOnce()).statusCode).toBe(200);
      await p.close();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await loginOnce()).statusCode);
      const down = await loginOnce();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(statuses.every((s) => s === 503)).toBe(true);
      await p.open(port);
      const t0 = Date.now();
      let back = 0;
      while (Date.now() - t0 < 15_000) {
        if ((await loginOnce()).statusCode === 200) {
          back = Date.now() - t0;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(back, 'reconnected').toBeGreaterThan(0);
      expect(extLogs.filter((l) => l.startsWith('database unavailable'))).toHaveLength(1);
    } finally {
      await a.close();
      await db.close().catch(() => undefined);
      await p.close();
      await tdb.drop();
    }
  }, 60_000);
});
