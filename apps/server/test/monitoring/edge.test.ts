// The edge runner (`sightline edge`, packages/client) against a real server on a port, reached through a
// TCP proxy whose closing is the factory's link going down: it pulls the line's model once, judges like
// the server, keeps answering while the server is unreachable, buffers results on disk and uploads them
// when the link is back (each exactly once, even when an upload is repeated after a lost answer), picks
// up a new deployment and a rollback without a restart, and starts offline from its cached model.
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { synth } from '@sightline/vision';
import { EdgeRunner, run } from '@sightline/client';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { insertDoneLearning, trainTinyCf } from '../evaluation/fixtures';
import { tcpProxy } from '../faults/tcp-proxy';

const t = setupDatasetApp({ config: { productName: 'cloud' } });

let dir: string;
let h: Record<string, string>;
let lineId: number;
let lineCode: string;
let otherDeployment: number;
let modelB: number;
let key: string;
let images: { name: string; data: Buffer }[];
const proxy = { ...tcpProxy('127.0.0.1', 0), port: 0 };
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-edge-test-'));
  const modelDir = await trainTinyCf(dir);
  const p = await projectWithMember(t);
  const manager = await t.factory.user({
    roleId: 4,
    companyId: p.company.id,
    projects: { [p.project.id]: [1, 2] },
    managerOf: [p.project.id],
  });
  h = await t.loginAs(manager);
  const line = await t.factory.line(p.project.id, { code: 'LINE-E' });
  const other = await t.factory.line(p.project.id, { code: 'LINE-F' });
  lineId = line.id;
  lineCode = line.code;
  const modelA = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'mA', modelDir });
  modelB = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'mB', modelDir });
  const deploy = async (line_id: number, model_id: number, threshold: number) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2/monitoring/deployments',
      payload: { line_id, model_id, threshold },
      headers: h,
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };
  await deploy(lineId, modelA, 0.5);
  otherDeployment = await deploy(other.id, modelA, 0.5);
  const k = await t.app.inject({
    method: 'POST',
    url: `/api/v2/monitoring/lines/${lineId}/keys`,
    payload: { name: 'edge' },
    headers: h,
  });
  key = k.json().data.key;
  await synth.writeClassificationSet(join(dir, 'live'), 4, {
    size: 32,
    seed: 31,
    kinds: ['good', 'scratch'],
  });
  images = [];
  for (const kind of ['good', 'scratch'])
    for (const f of (await readdir(join(dir, 'live', kind))).sort())
      images.push({ name: `${kind}-${f}`, data: await readFile(join(dir, 'live', kind, f)) });

  // The server on a real port; the edge reaches it through the proxy (closing it = the link is down).
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const target = (t.app.server.address() as { port: number }).port;
  Object.assign(proxy, tcpProxy('127.0.0.1', target));
  proxy.port = await proxy.open(0);
  url = `http://127.0.0.1:${proxy.port}`;
}, 180_000);

afterAll(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

const rowsOf = async (prefix: string) =>
  (
    await t.db.execute<{
      serial_number: string;
      request_id: string | null;
      deployment_id: number;
      judgement: string;
      score: number;
      created_at: Date;
      original_key: string;
    }>(
      sql`SELECT serial_number, request_id, deployment_id, judgement, score, created_at, original_key
          FROM inspections WHERE serial_number LIKE ${`${prefix}%`} ORDER BY serial_number`,
    )
  ).rows;

const runner = (state: string, extra: Partial<ConstructorParameters<typeof EdgeRunner>[0]> = {}) =>
  new EdgeRunner({ url, line: lineCode, key, stateDir: join(dir, state), ...extra });

/**
 * Uploads until the outbox is empty, summing what each attempt did: a kept-alive socket the server or the
 * proxy has just closed fails one attempt, which the runner (like this) simply repeats.
 */
async function drain(e: EdgeRunner) {
  const sum = { uploaded: 0, duplicate: 0, rejected: 0, pending: 0 };
  for (let i = 0; i < 50; i++) {
    const r = await e.flush();
    sum.uploaded += r.uploaded;
    sum.duplicate += r.duplicate;
    sum.rejected += r.rejected;
    sum.pending = r.pending;
    if (!r.pending) return sum;
    await new Promise((res) => setTimeout(res, 100));
  }
  return sum;
}

/** Waits for a condition (no fixed sleeps: the machine may be slow). */
async function until(cond: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sightline edge', () => {
  it('pulls the deployed model once and judges every image as the server does', async () => {
    const e = runner('s1');
    await e.start();
    const dep = e.deployment!;
    expect(dep).toMatchObject({ line_code: lineCode, task: 'cf', threshold: 0.5 });
    expect(dep.files.map((f) => f.name)).toContain('manifest.json');
    expect(await readdir(join(dir, 's1', 'models', `deployment-${dep.id}`))).toContain('manifest.json');
    for (const [i, im] of images.entries()) {
      const edge = await e.judge(im.data, `EDGE-SAME-${i}`);
      const server = await t.app.inject({
        method: 'POST',
        url: `/api/v2/lines/${lineCode}/inspect?serial=SRV-SAME-${i}`,
        payload: im.data,
        headers: { 'content-type': 'image/png', 'x-line-key': key },
      });
      expect(server.statusCode, server.body).toBe(200);
      const s = server.json().data[0];
      expect(edge.judgement).toBe(s.judgement);
      expect(edge.class_name).toBe(s.class_name);
      expect(edge.score).toBeCloseTo(s.score, 5);
      expect(edge.deployment_id).toBe(s.deployment_id);
    }
    const r = await drain(e);
    expect(r).toMatchObject({ uploaded: images.length, duplicate: 0, pending: 0 });
    const rows = await rowsOf('EDGE-SAME-');
    expect(rows).toHaveLength(images.length);
    expect(rows.every((x) => x.request_id && x.deployment_id === dep.id)).toBe(true);
    expect(await t.storage.stat(rows[0]!.original_key)).not.toBeNull();
    await e.stop();
  });

  it('keeps judging while the server is unreachable and uploads every result exactly once later', async () => {
    const e = runner('s2', { retryMs: 100, pollMs: 60_000 });
    await e.start({ background: true });
    await proxy.close(); // the link is down
    const answered = [];
    for (const [i, im] of images.entries()) answered.push(await e.judge(im.data, `EDGE-DOWN-${i}`));
    expect(answered.map((a) => a.judgement)).toHaveLength(images.length);
    const down = await e.flush();
    expect(down.error).toMatch(/Cannot reach/);
    expect(down.pending).toBe(images.length);
    expect(await rowsOf('EDGE-DOWN-')).toHaveLength(0);
    // What is on disk now, to replay an upload whose answer was lost (the edge died before deleting).
    const snapshot = join(dir, 's2-outbox-copy');
    await cp(join(dir, 's2', 'outbox'), snapshot, { recursive: true });

    await proxy.open(proxy.port); // the link is back: background uploads drain the outbox
    await until(async () => (await e.pending()) === 0);
    let rows = await rowsOf('EDGE-DOWN-');
    expect(rows.map((r) => r.serial_number)).toEqual(answered.map((a) => a.serial_number).sort());
    for (const a of answered) {
      const row = rows.find((r) => r.request_id === a.request_id)!;
      expect(row.judgement).toBe(a.judgement);
      expect(new Date(row.created_at).toISOString()).toBe(a.judged_at); // judged then, uploaded later
    }

    await e.stop(); // no background upload may take the replayed entries
    await cp(snapshot, join(dir, 's2', 'outbox'), { recursive: true });
    const again = await drain(runner('s2'));
    expect(again).toMatchObject({ uploaded: 0, duplicate: images.length, pending: 0 });
    rows = await rowsOf('EDGE-DOWN-');
    expect(rows).toHaveLength(images.length);
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(images.length);
  });

  it('picks up a new deployment and a rollback without restarting, and starts offline from its cache', async () => {
    const e = runner('s3');
    await e.start();
    const first = e.deployment!.id;
    const dep = await t.app.inject({
      method: 'POST',
      url: '/api/v2/monitoring/deployments',
      payload: { line_id: lineId, model_id: modelB, threshold: 0.9 },
      headers: h,
    });
    expect(dep.statusCode, dep.body).toBe(201);
    expect(await e.sync()).toBe(true);
    expect(e.deployment).toMatchObject({ id: dep.json().data.id, threshold: 0.9, model_name: 'mB' });
    expect((await e.judge(images[0]!.data, 'EDGE-NEW-1')).deployment_id).toBe(dep.json().data.id);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v2/monitoring/lines/${lineId}/rollback`,
      headers: h,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await e.sync()).toBe(true);
    expect(e.deployment).toMatchObject({ id: back.json().data.id, threshold: 0.5, model_name: 'mA' });
    expect(e.deployment!.id).not.toBe(first);
    await drain(e);
    await e.stop();

    await proxy.close();
    const offline = runner('s3');
    await offline.start();
    expect(offline.deployment!.id).toBe(back.json().data.id);
    expect((await offline.judge(images[1]!.data, 'EDGE-OFF-1')).judgement).toMatch(/^(OK|NG)$/);
    expect(await offline.pending()).toBe(1);
    await proxy.open(proxy.port);
    expect(await drain(offline)).toMatchObject({ uploaded: 1, pending: 0 });
    await offline.stop();
    expect(await rowsOf('EDGE-OFF-')).toHaveLength(1);
  });

  it('the results upload refuses a wrong key, a foreign deployment and a bad image, storing nothing', async () => {
    const form = (deployment_id: number, image: Buffer) => {
      const f = new FormData();
      f.append(
        'result',
        JSON.stringify({
          request_id: `bad-${deployment_id}-${image.length}`,
          serial_number: 'EDGE-BAD-1',
          deployment_id,
          judgement: 'OK',
          class_name: 'good',
          score: 0.9,
          result: { scores: [0.9, 0.1] },
          stats: null,
          latency_ms: 3,
          judged_at: new Date().toISOString(),
        }),
      );
      f.append('image', new Blob([new Uint8Array(image)]), 'x.png');
      return f;
    };
    const post = (body: FormData, k = key) =>
      fetch(`${url}/api/v2/lines/${lineCode}/results`, {
        method: 'POST',
        headers: { 'x-line-key': k, 'x-locale': 'en' },
        body,
      });
    expect((await post(form(1, images[0]!.data), 'slk_wrong')).status).toBe(401);
    const foreign = await post(form(otherDeployment, images[0]!.data));
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { field: string } }).error.field).toBe('deployment_id');
    const dep = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/lines/${lineCode}/deployment`,
        headers: { 'x-line-key': key },
      })
    ).json().data.id as number;
    const bad = await post(form(dep, Buffer.from('not an image at all')));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('IMAGE_INVALID');
    expect(await rowsOf('EDGE-BAD-')).toHaveLength(0);
    const file = await fetch(
      `${url}/api/v2/lines/${lineCode}/deployments/${otherDeployment}/files/manifest.json`,
      {
        headers: { 'x-line-key': key },
      },
    );
    expect(file.status).toBe(404); // another line's model
  });

  it('the CLI judges a folder (--once) and serves the inspection API locally (--port)', async () => {
    const inbox = join(dir, 'inbox');
    await mkdir(inbox, { recursive: true });
    for (const [i, im] of images.slice(0, 3).entries())
      await writeFile(join(inbox, `EDGE-CLI-${i}.png`), im.data);
    await writeFile(join(inbox, 'EDGE-CLI-broken.png'), 'not an image');
    const out: string[] = [];
    const code = await run(
      ['edge', '--line', lineCode, '--key', key, '--state', join(dir, 's4'), '--dir', inbox, '--once'],
      { env: { SIGHTLINE_URL: url }, stdout: (l) => out.push(l), stderr: () => {} },
    );
    expect(code, out.join('\n')).toBe(0);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.judgement)).toHaveLength(3);
    expect(lines.find((l) => l.error)).toMatchObject({
      file: 'EDGE-CLI-broken.png',
      error: { code: 'IMAGE_INVALID' },
    });
    expect(lines.at(-1)).toMatchObject({ judged: 3, uploaded: 3, pending: 0 });
    expect((await readdir(join(inbox, 'judged'))).sort()).toEqual([
      'EDGE-CLI-0.png',
      'EDGE-CLI-1.png',
      'EDGE-CLI-2.png',
    ]);
    expect(await readdir(join(inbox, 'invalid'))).toEqual(['EDGE-CLI-broken.png']);
    expect(await rowsOf('EDGE-CLI-')).toHaveLength(3);

    // --port: a camera posts to the edge exactly as to the server.
    const stop = new AbortController();
    const served: string[] = [];
    let listening: (port: number) => void;
    const port = new Promise<number>((r) => (listening = r));
    const done = run(['edge', '--line', lineCode, '--key', key, '--state', join(dir, 's4'), '--port', '0'], {
      env: { SIGHTLINE_URL: url },
      stdout: (l) => {
        served.push(l);
        const x = JSON.parse(l);
        if (x.listening) listening(x.listening);
      },
      stderr: () => {},
      signal: stop.signal,
    });
    const p = await port;
    const res = await fetch(`http://127.0.0.1:${p}/api/v2/lines/${lineCode}/inspect?serial=EDGE-HTTP-1`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'x-line-key': key },
      body: new Uint8Array(images[3]!.data),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { serial_number: string; judgement: string }[] };
    expect(body.data[0]).toMatchObject({
      serial_number: 'EDGE-HTTP-1',
      judgement: expect.stringMatching(/OK|NG/),
    });
    const wrong = await fetch(`http://127.0.0.1:${p}/api/v2/lines/${lineCode}/inspect?serial=X`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'x-line-key': 'slk_wrong' },
      body: new Uint8Array(images[3]!.data),
    });
    expect(wrong.status).toBe(401);
    stop.abort();
    expect(await done).toBe(0);
    expect(JSON.parse(served.at(-1)!)).toMatchObject({ judged: 1, pending: 0 });
    expect(await rowsOf('EDGE-HTTP-')).toHaveLength(1);

    // --stdin: `FILE [SERIAL]` lines; a file that cannot be read is an error line, not the end.
    const lines2: string[] = [];
    const file = join(inbox, 'judged', 'EDGE-CLI-0.png');
    const code2 = await run(
      ['edge', '--line', lineCode, '--key', key, '--state', join(dir, 's4'), '--stdin'],
      {
        env: { SIGHTLINE_URL: url },
        stdout: (l) => lines2.push(l),
        stderr: () => {},
        stdin: Readable.from([
          `${file} EDGE-STDIN-1\n`,
          `${join(dir, 'missing.png')} EDGE-STDIN-2\n`,
          `${file}\n`,
        ]),
      },
    );
    expect(code2).toBe(0);
    const parsed = lines2.map((l) => JSON.parse(l));
    expect(parsed.filter((l) => l.judgement).map((l) => l.serial_number)).toEqual([
      'EDGE-STDIN-1',
      'EDGE-CLI-0',
    ]);
    expect(parsed.filter((l) => l.error)).toHaveLength(1);
    expect(parsed.at(-1)).toMatchObject({ judged: 2, pending: 0 });
    expect(await rowsOf('EDGE-STDIN-')).toHaveLength(1);
  });
});
