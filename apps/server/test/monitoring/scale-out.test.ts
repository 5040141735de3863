// Scale-out: two server instances (separate deps, pools, LISTEN connections and memory) on one PostgreSQL.
// A camera posts to instance A; a browser's SSE stream on instance B sees the line status change, because
// events travel through PostgreSQL (NOTIFY monitoring_events), never through process memory.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '@sightline/db';
import { synth } from '@sightline/vision';
import { buildApp } from '../../src/app';
import { createDeps, type AppDeps } from '../../src/app-deps';
import { testConfig } from '../../src/config';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { insertDoneLearning, trainTinyCf } from '../evaluation/fixtures';

const t = setupDatasetApp({ config: { productName: 'cloud' } });

let dir: string;
let b: { app: FastifyInstance; deps: AppDeps; database: Database };
let lineId: number;
let lineCode: string;
let key: string;
let image: Buffer;
let userB: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-scale-test-'));
  const modelDir = await trainTinyCf(dir);
  const p = await projectWithMember(t);
  const manager = await t.factory.user({
    roleId: 4,
    companyId: p.company.id,
    projects: { [p.project.id]: [1, 2] },
    managerOf: [p.project.id],
  });
  const h = await t.loginAs(manager);
  const line = await t.factory.line(p.project.id, { code: 'LINE-S' });
  lineId = line.id;
  lineCode = line.code;
  const model = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'm', modelDir });
  const dep = await t.app.inject({
    method: 'POST',
    url: '/api/v2/monitoring/deployments',
    payload: { line_id: lineId, model_id: model },
    headers: h,
  });
  expect(dep.statusCode, dep.body).toBe(201);
  const k = await t.app.inject({
    method: 'POST',
    url: `/api/v2/monitoring/lines/${lineId}/keys`,
    payload: { name: 'cam' },
    headers: h,
  });
  key = k.json().data.key;
  await synth.writeClassificationSet(join(dir, 'live'), 1, { size: 32, seed: 4, kinds: ['scratch'] });
  image = await readFile(join(dir, 'live', 'scratch', (await readdir(join(dir, 'live', 'scratch')))[0]!));

  // Instance B: its own pool, secret, LISTEN connection and memory; the same database and storage.
  const database = createDatabase(t.url, { max: 4 });
  const deps = createDeps({
    config: testConfig({ webDist: '/nonexistent', dataDir: join(dir, 'b'), logLevel: 'silent' }),
    database,
    secret: randomBytes(32),
    storage: t.storage,
  });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  b = { app, deps, database };
  userB = { authorization: `Bearer ${await deps.tokens.signAccess(manager)}` };
}, 180_000);

afterAll(async () => {
  await b?.app.close();
  await b?.database.close();
  await rm(dir, { recursive: true, force: true });
});

it('an inspection posted to instance A is pushed live by instance B', async () => {
  const port = (b.app.server.address() as { port: number }).port;
  const ticket = (await b.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: userB })).json()
    .data.ticket as string;
  const ctrl = new AbortController();
  const res = await fetch(
    `http://127.0.0.1:${port}/api/v2/monitoring/lines/${lineId}/status/events?ticket=${ticket}`,
    { signal: ctrl.signal },
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const events: { total: number; at: number }[] = [];
  let buf = '';
  const readUntil = async (done: () => boolean) => {
    while (!done()) {
      const { value } = await reader.read();
      buf += new TextDecoder().decode(value);
      for (const m of buf.matchAll(/event: status\ndata: (.*)\n\n/g))
        events.push({ total: JSON.parse(m[1]!).total, at: Date.now() });
      buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
    }
  };
  await readUntil(() => events.length >= 1);
  expect(events[0]!.total).toBe(0);
  const posted = Date.now();
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v2/lines/${lineCode}/inspect?serial=SN-SCALE-1`,
    payload: image,
    headers: { 'content-type': 'image/png', 'x-line-key': key },
  });
  expect(r.statusCode, r.body).toBe(200);
  await readUntil(() => events.some((e) => e.total === 1));
  ctrl.abort();
  // Through NOTIFY (at most a second's coalescing), well before B's 5 s refresh interval.
  expect(events.find((e) => e.total === 1)!.at - posted).toBeLessThan(4000);
});
