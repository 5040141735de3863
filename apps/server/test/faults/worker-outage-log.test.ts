// Issue 18: a worker whose database goes away (an external DATABASE_URL behind a TCP proxy that is
// closed for several heartbeats) logs the outage once and its end once, not a line per heartbeat or
// pg-boss poll, and works on afterwards.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, waitFor, workersStoppedAfterAll } from '../harness';
import type { TestDatabase } from '../harness/test-database';
import { tcpProxy } from './tcp-proxy';

const pool = workersStoppedAfterAll();
let tdb: TestDatabase | null = null;
afterAll(async () => {
  await tdb?.drop();
});

describe('a worker during a database outage', () => {
  it('logs one line when the database goes away and one when it is back', { timeout: 90_000 }, async () => {
    tdb = await createTestDatabase();
    const target = new URL(tdb.url);
    const proxy = tcpProxy(target.hostname, Number(target.port));
    const port = await proxy.open(0);
    const via = new URL(tdb.url);
    via.port = String(port);
    const worker = pool.spawn(via.toString(), { WORKER_HEARTBEAT_MS: '500' });
    await worker.ready(60_000);
    const before = worker.output().split('\n').length;

    await proxy.close();
    // 8 s down: 16 heartbeats and several pg-boss polls fail meanwhile.
    await new Promise((r) => setTimeout(r, 8000));
    await proxy.open(port);
    await waitFor(async () => /database available again/.test(worker.output()), 40_000, 'back');
    // A few more heartbeats on the restored connection.
    await new Promise((r) => setTimeout(r, 2000));

    const during = worker
      .output()
      .split('\n')
      .slice(before - 1)
      .filter(Boolean);
    console.log(`[worker outage] ${during.length} log lines:\n${during.join('\n')}`);
    expect(during.filter((l) => /database unavailable/.test(l))).toHaveLength(1);
    expect(during.filter((l) => /database available again/.test(l))).toHaveLength(1);
    expect(during.filter((l) => /heartbeat failed|\[pg-boss\]/.test(l))).toEqual([]);
    expect(during).toHaveLength(2);
    expect(worker.child.exitCode).toBeNull();
  });
});
