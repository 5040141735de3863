// Monitoring lines on real PostgreSQL: deploy a tiny cf model (trained here) to a line, line API keys
// (shown once, hashed, revoked), the inspection API (judgement, images stored, every 4xx stores nothing,
// request ids deduplicated, concurrent callers micro-batched), report search rules and messages, line
// report rules, status, verification options and sampling, rollback, and live status over SSE.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { synth } from '@sightline/vision';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { insertDoneLearning, trainTinyCf } from '../evaluation/fixtures';
import { sampleAllLines } from '@sightline/jobs';
import { createMonitoringServices } from '../../src/features/monitoring/monitoring.module';
import { nextMidnight } from '../../src/features/monitoring/sampling-schedule';

const t = setupDatasetApp({ config: { productName: 'cloud' } });
const en = { 'x-locale': 'en' };

let dir: string;
let h: Record<string, string>;
let viewer: Record<string, string>;
let lineId: number;
let lineCode: string;
let otherLineCode: string;
let modelA: number;
let modelB: number;
let key: string;
let good: Buffer[];
let scratch: Buffer[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-monitor-test-'));
  const modelDir = await trainTinyCf(dir);
  const p = await projectWithMember(t);
  const manager = await t.factory.user({
    roleId: 4,
    companyId: p.company.id,
    projects: { [p.project.id]: [1, 2] },
    managerOf: [p.project.id],
  });
  h = { ...(await t.loginAs(manager)), ...en };
  viewer = { ...p.headers, ...en }; // training permission only
  const line = await t.factory.line(p.project.id, { code: 'LINE-A' });
  await t.factory.line(p.project.id, { code: 'LINE-B' });
  lineId = line.id;
  lineCode = line.code;
  otherLineCode = 'LINE-B';
  modelA = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'mA', modelDir });
  modelB = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'mB', modelDir });
  await synth.writeClassificationSet(join(dir, 'live'), 4, {
    size: 32,
    seed: 77,
    kinds: ['good', 'scratch'],
  });
  const read = async (k: string) =>
    Promise.all((await readdir(join(dir, 'live', k))).sort().map((f) => readFile(join(dir, 'live', k, f))));
  good = await read('good');
  scratch = await read('scratch');
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, payload, headers });
const count = async () =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM inspections`)).rows[0]!.n;
const storedFiles = async () => {
  await createMonitoringServices(t.deps).renderer.idle();
  let n = 0;
  for await (const _ of t.storage.list('inspections/')) n++;
  return n;
};
const inspect = (image: Buffer, serial: string | null, k: string | null = key, code = lineCode, extra = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/lines/${code}/inspect${serial !== null ? `?serial=${encodeURIComponent(serial)}` : '?'}${extra}`,
    payload: image,
    headers: { 'content-type': 'image/png', ...(k ? { 'x-line-key': k } : {}), ...en },
  });

describe('deploy and keys', () => {
  it('refuses a threshold outside 0–1, a model not done, callers without line.manage', async () => {
    const bad = await api('POST', '/api/v2/monitoring/deployments', {
      line_id: lineId,
      model_id: modelA,
      threshold: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'THRESHOLD_RANGE', field: 'threshold' });
    expect(bad.json().error.message).toBe('Please enter an inspection threshold from 0 to 1.');
    const running = await insertDoneLearning(t.db, t.storage, {
      projectId: (
        await t.db.execute<{ p: number }>(sql`SELECT project_id AS p FROM lines WHERE id = ${lineId}`)
      ).rows[0]!.p,
      name: 'busy',
      modelDir: null,
      status: 'running',
    });
    const notDone = await api('POST', '/api/v2/monitoring/deployments', {
      line_id: lineId,
      model_id: running,
    });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error.code).toBe('MODEL_NOT_DEPLOYABLE');
    const refused = await api(
      'POST',
      '/api/v2/monitoring/deployments',
      { line_id: lineId, model_id: modelA },
      viewer,
    );
    expect(refused.statusCode).toBe(403);
    const unknown = await api('POST', '/api/v2/monitoring/deployments', {
      line_id: 999999,
      model_id: modelA,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('LINE_NOT_FOUND');
  });

  it('deploys a model and records it in the model history', async () => {
    const res = await api('POST', '/api/v2/monitoring/deployments', {
      line_id: lineId,
      model_id: modelA,
      threshold: 0.5,
      period_start: '2026-01-01',
      period_end: '2026-12-31',
      description: 'first',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      active: true,
      model: { id: modelA, name: 'mA' },
      task: 'cf',
      threshold: 0.5,
    });
    expect(res.json().data.period).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    const hist = await api('GET', `/api/v2/monitoring/lines/${lineId}/deployments`);
    expect(hist.json().data).toHaveLength(1);
  });

  it('creates a key shown once, stored hashed; lists without it', async () => {
    const res = await api('POST', `/api/v2/monitoring/lines/${lineId}/keys`, { name: 'camera 1' });
    expect(res.statusCode, res.body).toBe(201);
    key = res.json().data.key;
    expect(key).toMatch(/^slk_/);
    const list = await api('GET', `/api/v2/monitoring/lines/${lineId}/keys`);
    expect(JSON.stringify(list.json())).not.toContain(key);
    expect(list.json().data[0]).toMatchObject({
      name: 'camera 1',
      prefix: key.slice(0, 10),
      revoked_at: null,
    });
    const rows = await t.db.execute<{ key_hash: string }>(sql`SELECT key_hash FROM line_api_keys`);
    expect(rows.rows[0]!.key_hash).not.toContain(key.slice(4));
    expect((await api('GET', `/api/v2/monitoring/lines/${lineId}/keys`, undefined, viewer)).statusCode).toBe(
      403,
    );
  });
});

describe('inspection API', () => {
  it('judges an image synchronously, stores original + prediction and the row', async () => {
    const res = await inspect(scratch[0]!, 'SN-0001');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data[0];
    expect(r).toMatchObject({ serial_number: 'SN-0001', line_code: lineCode });
    expect(['OK', 'NG']).toContain(r.judgement);
    expect(r.latency_ms).toBeGreaterThan(0);
    expect(await count()).toBe(1);
    expect(await storedFiles()).toBe(2);
    const detail = await api('GET', `/api/v2/monitoring/inspections/${r.id}`);
    expect(detail.statusCode).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: detail.json().data.prediction_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const orig = await t.app.inject({ method: 'GET', url: detail.json().data.original_url });
    expect(orig.rawPayload.equals(scratch[0]!)).toBe(true);
  });

  it('bad image, unknown line, wrong or missing key, missing serial: clear 4xx and nothing stored', async () => {
    const before = [await count(), await storedFiles()];
    const cases: [Awaited<ReturnType<typeof inspect>>, number, string][] = [
      [await inspect(Buffer.from('not an image'), 'SN-X'), 400, 'IMAGE_INVALID'],
      [await inspect(good[0]!, 'SN-X', key, 'NO-SUCH-LINE'), 404, 'LINE_NOT_FOUND'],
      [await inspect(good[0]!, 'SN-X', key, otherLineCode), 403, 'LINE_KEY_OTHER_LINE'],
      [await inspect(good[0]!, 'SN-X', 'slk_wrong'), 401, 'LINE_KEY_INVALID'],
      [await inspect(good[0]!, 'SN-X', null), 401, 'LINE_KEY_REQUIRED'],
      [await inspect(good[0]!, null), 400, 'SERIAL_REQUIRED'],
      [await inspect(good[0]!, '   '), 400, 'SERIAL_REQUIRED'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message.length).toBeGreaterThan(5);
    }
    expect(cases[5]![0].json().error.message).toBe('Please enter a serial number.');
    expect([await count(), await storedFiles()]).toEqual(before);
  });

  it('a batch with one bad image stores nothing; a good multipart batch answers in order', async () => {
    const before = await count();
    const form = (images: Buffer[]) => {
      const b = '----sl' + Math.random().toString(16).slice(2);
      const parts: Buffer[] = [];
      images.forEach((img, i) => {
        parts.push(
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="serial"\r\n\r\nSN-B${i}\r\n`),
        );
        parts.push(
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="image"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          img,
          Buffer.from('\r\n'),
        );
      });
      parts.push(Buffer.from(`--${b}--\r\n`));
      return {
        payload: Buffer.concat(parts),
        headers: { 'content-type': `multipart/form-data; boundary=${b}`, 'x-line-key': key, ...en },
      };
    };
    const bad = form([good[0]!, Buffer.from('garbage')]);
    const r1 = await t.app.inject({ method: 'POST', url: `/api/v2/lines/${lineCode}/inspect`, ...bad });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.code).toBe('IMAGE_INVALID');
    expect(await count()).toBe(before);
    const ok = form([good[0]!, scratch[1]!, good[1]!]);
    const r2 = await t.app.inject({ method: 'POST', url: `/api/v2/lines/${lineCode}/inspect`, ...ok });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().data.map((x: { serial_number: string }) => x.serial_number)).toEqual([
      'SN-B0',
      'SN-B1',
      'SN-B2',
    ]);
    expect(await count()).toBe(before + 3);
  });

  it('a re-sent request id answers the stored row instead of a second one', async () => {
    const before = await count();
    const a = await inspect(good[2]!, 'SN-EDGE', key, lineCode, '&request_id=edge-1');
    const b = await inspect(good[2]!, 'SN-EDGE', key, lineCode, '&request_id=edge-1');
    expect(a.statusCode).toBe(200);
    expect(b.json().data[0].id).toBe(a.json().data[0].id);
    expect(await count()).toBe(before + 1);
  });

  it('concurrent callers share batches and every answer is a stored row', async () => {
    const m = createMonitoringServices(t.deps);
    const served = [
      ...(
        m.pool as unknown as { served: Map<number, Promise<{ batcher: { batches: number[] } }>> }
      ).served.values(),
    ];
    const batcher = (await served[0]!).batcher;
    const mark = batcher.batches.length;
    const before = await count();
    const res = await Promise.all(
      Array.from({ length: 24 }, (_, i) => inspect((i % 2 ? good : scratch)[i % 4]!, `SN-C${i}`)),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const ids = res.map((r) => r.json().data[0].id as string);
    const stored = await t.db.execute<{ id: string }>(
      sql`SELECT id FROM inspections WHERE serial_number LIKE 'SN-C%'`,
    );
    expect(new Set(stored.rows.map((r) => r.id))).toEqual(new Set(ids));
    expect(await count()).toBe(before + 24);
    expect(Math.max(...batcher.batches.slice(mark))).toBeGreaterThan(1);
  });
});

describe('reports', () => {
  it('inspection report: period search, serial required in text mode, no-match message, CSV', async () => {
    const all = await api('GET', `/api/v2/monitoring/inspections?line_id=${lineId}&perPage=100`);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBe(await count());
    const noSerial = await api('GET', `/api/v2/monitoring/inspections?line_id=${lineId}&mode=text`);
    expect(noSerial.statusCode).toBe(400);
    expect(noSerial.json().error).toMatchObject({ code: 'SERIAL_REQUIRED', field: 'serial' });
    const none = await api('GET', `/api/v2/monitoring/inspections?line_id=${lineId}&mode=text&serial=NOPE`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No product matches the string. Please enter a serial number.');
    const one = await api('GET', `/api/v2/monitoring/inspections?line_id=${lineId}&mode=text&serial=sn-0001`);
    expect(one.json().data.data.map((r: { serial_number: string }) => r.serial_number)).toEqual(['SN-0001']);
    expect(Object.keys(one.json().data.data[0])).toEqual(
      expect.arrayContaining(['serial_number', 'judgement', 'created_at', 'original_url', 'prediction_url']),
    );
    const csv = await api(
      'GET',
      `/api/v2/monitoring/inspections.csv?line_id=${lineId}&mode=text&serial=SN-B`,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    expect(
      (await api('GET', `/api/v2/monitoring/inspections?line_id=${lineId}`, undefined, viewer)).statusCode,
    ).toBe(403);
  });

  it('line report: at most 30 days, 6h/12h/1d buckets, NG by type', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const long = await api(
      'GET',
      `/api/v2/monitoring/line-report?line_id=${lineId}&from=${iso(now - 31 * 86_400_000)}&to=${iso(now)}&period=1d`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'REPORT_RANGE_TOO_LONG' });
    expect(long.json().error.message).toBe('A line report covers at most 30 days.');
    const rev = await api(
      'GET',
      `/api/v2/monitoring/line-report?line_id=${lineId}&from=${iso(now)}&to=${iso(now - 1000)}`,
    );
    expect(rev.json().error.code).toBe('PERIOD_INVALID');
    const badPeriod = await api(
      'GET',
      `/api/v2/monitoring/line-report?line_id=${lineId}&from=${iso(now - 1000)}&to=${iso(now)}&period=2h`,
    );
    expect(badPeriod.statusCode).toBe(400);
    const r = await api(
      'GET',
      `/api/v2/monitoring/line-report?line_id=${lineId}&from=${iso(now - 86_400_000)}&to=${iso(now + 60_000)}&period=6h`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const rep = r.json().data;
    expect(rep.total).toBe(await count());
    expect(rep.buckets.length).toBeGreaterThanOrEqual(4);
    expect(rep.buckets.reduce((a: number, b: { ok: number; ng: number }) => a + b.ok + b.ng, 0)).toBe(
      rep.total,
    );
    expect(rep.by_class.reduce((a: number, c: { count: number }) => a + c.count, 0)).toBe(rep.ng);
    const csv = await api(
      'GET',
      `/api/v2/monitoring/line-report.csv?line_id=${lineId}&from=${iso(now - 86_400_000)}&to=${iso(now + 60_000)}&period=12h`,
    );
    expect(csv.body).toContain('period_start,total,ok,ng,ng_rate');
  });

  it('line status: counts, NG rate, latency, recent NG', async () => {
    const res = await api('GET', `/api/v2/monitoring/lines/${lineId}/status`);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.total).toBe(await count());
    expect(s.ok + s.ng).toBe(s.total);
    expect(s.ng_rate).toBeCloseTo(s.ng / s.total);
    expect(s.latency_ms.p50).toBeGreaterThan(0);
    expect(s.recent_ng.length).toBe(Math.min(8, s.ng));
    expect(s.deployment.model.name).toBe('mA');
  });
});

describe('verification', () => {
  it('options: sampling count 100–1000, rate 0–100, threshold 0–1 with their messages', async () => {
    const opt = { method: 'active', period_days: 1, threshold: 0.5, sampling_rate: 50, sampling_count: 100 };
    const cases: [object, string, string][] = [
      [
        { ...opt, sampling_count: 99 },
        'SAMPLING_COUNT_RANGE',
        'Please enter a sampling count from 100 to 1000.',
      ],
      [
        { ...opt, sampling_count: 1001 },
        'SAMPLING_COUNT_RANGE',
        'Please enter a sampling count from 100 to 1000.',
      ],
      [{ ...opt, sampling_rate: 101 }, 'SAMPLING_RATE_RANGE', 'Please enter a sampling rate from 0 to 100.'],
      [{ ...opt, threshold: -0.1 }, 'THRESHOLD_RANGE', 'Please enter an inspection threshold from 0 to 1.'],
    ];
    for (const [body, code, message] of cases) {
      const res = await api('PUT', `/api/v2/monitoring/lines/${lineId}/verification-option`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
    }
    const ok = await api('PUT', `/api/v2/monitoring/lines/${lineId}/verification-option`, opt);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await api('GET', `/api/v2/monitoring/lines/${lineId}/verification-option`)).json().data).toEqual(
      opt,
    );
  });

  it('samples (active learning), verifies and corrects, measures escape and overkill', async () => {
    const total = await count();
    const s = await api('POST', `/api/v2/monitoring/lines/${lineId}/sample`, {});
    expect(s.json().data.sampled).toBe(Math.ceil(total / 2));
    const samples = await api('GET', `/api/v2/monitoring/samples?line_id=${lineId}&perPage=100`);
    const rows = samples.json().data.data as { id: string; judgement: 'OK' | 'NG' }[];
    expect(rows).toHaveLength(Math.ceil(total / 2));
    const notSampled = await t.db.execute<{ id: string }>(
      sql`SELECT id FROM inspections WHERE sampled_at IS NULL LIMIT 1`,
    );
    const refused = await api('POST', `/api/v2/monitoring/inspections/${notSampled.rows[0]!.id}/verify`, {
      judgement: 'OK',
    });
    expect(refused.json().error.code).toBe('NOT_SAMPLED');
    for (const [i, r] of rows.entries()) {
      const flip = i === 0;
      const judgement = flip ? (r.judgement === 'OK' ? 'NG' : 'OK') : r.judgement;
      expect(
        (await api('POST', `/api/v2/monitoring/inspections/${r.id}/verify`, { judgement })).statusCode,
      ).toBe(200);
    }
    const q = (await api('GET', `/api/v2/monitoring/lines/${lineId}/quality`)).json().data;
    expect(q.verified).toBe(rows.length);
    expect(q.corrected).toBe(1);
    expect(q.escape.rate + q.overkill.rate).toBeGreaterThan(0);
    expect(q.escape.low).toBeLessThanOrEqual(q.escape.rate);
    expect(q.escape.high).toBeGreaterThanOrEqual(q.escape.rate);
  });
});

describe('relearning from corrections', () => {
  it('turns corrected judgements into a cf dataset in one call', async () => {
    const res = await api('POST', `/api/v2/monitoring/lines/${lineId}/corrections-dataset`);
    expect(res.statusCode, res.body).toBe(201);
    const { dataset_id, images } = res.json().data;
    expect(images).toBe(1);
    const rows = await t.db.execute<{ n: number; classed: number; type: string; purpose: string }>(sql`
      SELECT count(i.id)::int AS n, count(i.class_id)::int AS classed, d.type, d.purpose
      FROM datasets d LEFT JOIN dataset_images i ON i.dataset_id = d.id WHERE d.id = ${dataset_id}
      GROUP BY d.type, d.purpose`);
    expect(rows.rows[0]).toEqual({ n: 1, classed: 1, type: 'cf', purpose: 'preprocessing' });
    expect(
      (await api('POST', `/api/v2/monitoring/lines/${lineId}/corrections-dataset`, undefined, viewer))
        .statusCode,
    ).toBe(403);
  });
});

describe('daily sampling job (monitoring.sample at 00:00)', () => {
  it('samples each line once per day, whatever the number of runs', async () => {
    await t.db.execute(sql`UPDATE inspections SET sampled_at = NULL, verified_judgement = NULL`);
    await t.db.execute(sql`UPDATE verification_options SET last_sampled_at = NULL`);
    const first = await sampleAllLines(t.db, new Date());
    expect(first.lines).toBe(1);
    expect(first.sampled).toBe(Math.ceil((await count()) / 2));
    expect((await sampleAllLines(t.db, new Date())).sampled).toBe(0);
    expect(nextMidnight(new Date(2026, 0, 1, 13, 5)).getTime()).toBe(new Date(2026, 0, 2).getTime());
  });
});

describe('drift', () => {
  it('compares scores and image statistics with the reference and alerts the project once', async () => {
    const d = (await api('GET', `/api/v2/monitoring/lines/${lineId}/deployment`)).json().data;
    const before = await api('GET', `/api/v2/monitoring/lines/${lineId}/drift`);
    expect(before.json().data).toMatchObject({ deployment_id: d.id, drifted: false });
    // 200 reference rows, then 200 darker, blurrier ones with other scores.
    await t.db.execute(sql`
      INSERT INTO inspections (line_id, deployment_id, serial_number, judgement, score, original_key, prediction_key, stats, created_at)
      SELECT ${lineId}, ${d.id}, 'DRIFT-' || g, 'OK', 0.1 + (g % 10) / 100.0, 'x', 'y',
        jsonb_build_object('brightness', 150 + g % 20, 'contrast', 30 + g % 5, 'sharpness', 400 + g % 50),
        now() - interval '2 days' + g * interval '1 second'
      FROM generate_series(1, 200) g`);
    await t.db.execute(sql`UPDATE line_deployments SET reference = NULL WHERE id = ${d.id}`);
    await t.db.execute(sql`
      INSERT INTO inspections (line_id, deployment_id, serial_number, judgement, score, original_key, prediction_key, stats, created_at)
      SELECT ${lineId}, ${d.id}, 'DRIFT-B' || g, 'NG', 0.8 + (g % 10) / 100.0, 'x', 'y',
        jsonb_build_object('brightness', 60 + g % 20, 'contrast', 10 + g % 5, 'sharpness', 50 + g % 50),
        now() + g * interval '1 second'
      FROM generate_series(1, 200) g`);
    const res = (await api('GET', `/api/v2/monitoring/lines/${lineId}/drift`)).json().data;
    expect(res.drifted).toBe(true);
    expect(res.psi.brightness).toBeGreaterThan(res.threshold);
    expect(res.alerted).toBe(false);
    const { checkDrift } = await import('@sightline/jobs');
    expect((await checkDrift(t.db, lineId, { alert: true })).alerted).toBe(true);
    expect((await checkDrift(t.db, lineId, { alert: true })).alerted).toBe(false);
    const n = await t.db.execute<{ n: number; m: string }>(
      sql`SELECT count(*)::int AS n, max(message) AS m FROM notifications WHERE type = 'monitoring'`,
    );
    expect(n.rows[0]!.n).toBeGreaterThan(0);
    expect(n.rows[0]!.m).toContain('Drift on line LINE-A');
    await t.db.execute(sql`DELETE FROM inspections WHERE serial_number LIKE 'DRIFT-%'`);
  });
});

describe('rollback and live status', () => {
  it('rolls back to the previous model; both stay in the history', async () => {
    expect((await api('POST', `/api/v2/monitoring/lines/${lineId}/rollback`)).json().error.code).toBe(
      'NO_PREVIOUS_DEPLOYMENT',
    );
    const b = await api('POST', '/api/v2/monitoring/deployments', {
      line_id: lineId,
      model_id: modelB,
      threshold: 0.3,
    });
    expect(b.statusCode).toBe(201);
    const rb = await api('POST', `/api/v2/monitoring/lines/${lineId}/rollback`);
    expect(rb.statusCode, rb.body).toBe(200);
    expect(rb.json().data).toMatchObject({ active: true, model: { name: 'mA' }, threshold: 0.5 });
    const hist = (await api('GET', `/api/v2/monitoring/lines/${lineId}/deployments`)).json().data;
    expect(hist.map((d: { model: { name: string } }) => d.model.name)).toEqual(['mA', 'mB', 'mA']);
    expect(hist.filter((d: { active: boolean }) => d.active)).toHaveLength(1);
    expect(hist[2].inference.count).toBeGreaterThan(0);
    const after = await inspect(good[0]!, 'SN-AFTER');
    expect(after.json().data[0].deployment_id).toBe(hist[0].id);
  });

  it('pushes line status over SSE when an inspection is written (through PostgreSQL NOTIFY)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    const ticket = (await api('POST', '/api/auth/sse-ticket')).json().data.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(
      `http://127.0.0.1:${addr.port}/api/v2/monitoring/lines/${lineId}/status/events?ticket=${ticket}`,
      {
        signal: ctrl.signal,
      },
    );
    const reader = res.body!.getReader();
    const totals: number[] = [];
    let buf = '';
    const read = async (until: (n: number[]) => boolean) => {
      while (!until(totals)) {
        const { value } = await reader.read();
        buf += new TextDecoder().decode(value);
        for (const m of buf.matchAll(/event: status\ndata: (.*)\n\n/g)) totals.push(JSON.parse(m[1]!).total);
        buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
      }
    };
    await read((n) => n.length >= 1);
    const first = totals[0]!;
    await inspect(scratch[2]!, 'SN-LIVE');
    await read((n) => n.some((x) => x === first + 1));
    ctrl.abort();
    expect(totals.at(-1)).toBe(first + 1);
  });
});
