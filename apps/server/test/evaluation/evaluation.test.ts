// Performance evaluation and compare end to end: a tiny cf model trained here (packages/vision), stored as a
// done learning; requests checked against every rule; the real worker process runs evaluation.run,
// compare.run and evaluation.export; the dataset lock refuses image deletion until the run ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runSingleEvaluation } from '@sightline/jobs/evaluation';
import { spawnWorker, waitFor, type WorkerProcess } from '../harness';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { CF_CLASSES, insertDoneLearning, trainTinyCf, uploadCfDataset } from './fixtures';

const t = setupDatasetApp({ jobs: true, config: { productName: 'cloud' } });
const en = { 'x-locale': 'en' };

let dir: string;
let modelDir: string;
let p: Awaited<ReturnType<typeof projectWithMember>>;
let h: Record<string, string>;
let model: number;
let evalDs: number;
let prepDs: number;
let worker: WorkerProcess | null = null;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-eval-test-'));
  modelDir = await trainTinyCf(dir);
  p = await projectWithMember(t);
  h = { ...p.headers, ...en };
  model = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'm1', modelDir });
  evalDs = await uploadCfDataset(t, dir, { projectId: p.project.id, headers: p.headers, name: 'evalset' });
  prepDs = await uploadCfDataset(t, dir, {
    projectId: p.project.id,
    headers: p.headers,
    name: 'prepset',
    purpose: 'preprocessing',
    perClass: 2,
    seed: 30,
  });
}, 180_000);

afterAll(async () => {
  if (worker) {
    worker.child.kill('SIGTERM');
    await worker.exited();
  }
  await rm(dir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, payload, headers });
const evaluation = async (id: number) => (await api('GET', `/api/v2/evaluations/${id}`)).json().data;
const startWorker = async () => {
  if (worker) return;
  worker = spawnWorker(t.url, {
    DATA_DIR: t.dataDir,
    CACHE_DIR: join(t.dataDir, 'cache'),
    WORK_DIR: join(t.dataDir, 'work'),
  });
  await worker.ready(60_000);
};
const imageIds = async (datasetId: number) =>
  (
    await t.db.execute<{ id: string }>(
      sql`SELECT id FROM dataset_images WHERE dataset_id = ${datasetId} ORDER BY file_name`,
    )
  ).rows.map((r) => r.id);

describe('performance evaluation', () => {
  it('refuses a model not done, a dataset of another purpose or task, and other projects', async () => {
    const running = await insertDoneLearning(t.db, t.storage, {
      projectId: p.project.id,
      name: 'busy',
      modelDir: null,
      status: 'running',
    });
    const od = await insertDoneLearning(t.db, t.storage, {
      projectId: p.project.id,
      name: 'det',
      modelDir: null,
      task: 'od',
    });

    const notDone = await api('POST', '/api/v2/evaluations', { model_id: running, dataset_id: evalDs });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error).toMatchObject({
      code: 'LEARNING_NOT_DONE',
      message: 'Only a model whose training is done can be used.',
    });

    const purpose = await api('POST', '/api/v2/evaluations', { model_id: model, dataset_id: prepDs });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().error).toMatchObject({
      code: 'DATASET_PURPOSE_MISMATCH',
      message: "This work needs a dataset of purpose 'evaluation'.",
    });

    const task = await api('POST', '/api/v2/evaluations', { model_id: od, dataset_id: evalDs });
    expect(task.statusCode).toBe(400);
    expect(task.json().error).toMatchObject({
      code: 'EVALUATION_TASK_MISMATCH',
      message: 'The model (od) and the dataset (cf) are of different types.',
    });

    const unknown = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      params: { foo: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'TRAIN_PARAM_UNKNOWN',
      message: 'The algorithm has no parameter foo.',
    });
    const invalid = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      params: { batchSize: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'TRAIN_PARAM_INVALID',
      message: 'Parameter batchSize must lie between 1 and 256.',
    });

    const other = await projectWithMember(t);
    const hidden = await api(
      'POST',
      '/api/v2/evaluations',
      { model_id: model, dataset_id: evalDs },
      other.headers,
    );
    expect(hidden.statusCode).toBe(404);
    const list = await api('GET', `/api/v2/evaluations?project_id=${p.project.id}`);
    expect(list.json().data).toEqual({ data: [], total: 0 });
  });

  it('a waiting evaluation cancels at once and releases the dataset; a second cancel is refused', async () => {
    const res = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      name: 'to_cancel',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data).toMatchObject({
      status: 'waiting',
      queue_position: 1,
      model: { id: model, name: 'm1' },
    });
    const c = await api('POST', `/api/v2/evaluations/${id}/cancel`);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ status: 'canceled' });
    expect(c.json().data.timings.canceled_at).not.toBeNull();
    const again = await api('POST', `/api/v2/evaluations/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'EVALUATION_NOT_CANCELABLE',
      message: 'The performance evaluation cannot be canceled because of its status (canceled).',
    });
    const locks = await t.db.execute(sql`SELECT 1 FROM dataset_locks WHERE dataset_id = ${evalDs}`);
    expect(locks.rows).toHaveLength(0);
    const del = await api('DELETE', `/api/v2/evaluations/${id}`);
    expect(del.json()).toEqual({ data: { deleted: true } });
    expect((await api('GET', `/api/v2/evaluations/${id}`)).statusCode).toBe(404);
  });

  it('a running evaluation asked to cancel stops, keeps no results and releases the dataset', async () => {
    const res = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      name: 'stop_me',
    });
    const id = res.json().data.id as number;
    const jobId = res.json().data.job_id as string;
    // As the job runner does when it takes the job: pg-boss holds it active and the row says running (the
    // reaper's job-follow pass would otherwise hand a 'running' row whose pg-boss job is still 'created' back).
    await t.db.execute(sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${jobId}`);
    await t.db.execute(sql`UPDATE jobs SET status = 'running', started_at = now() WHERE id = ${jobId}`);
    const stop = new AbortController();
    let asked: { status: string } | null = null;
    let once = false;
    // The body runs here in-process (no worker yet); the user's cancel arrives at its first progress report.
    const out = await runSingleEvaluation({
      db: t.db,
      storage: t.storage,
      cacheDir: join(dir, 'cache'),
      evaluationId: id,
      signal: stop.signal,
      progress: async () => {
        if (once) return;
        once = true;
        asked = (await api('POST', `/api/v2/evaluations/${id}/cancel`)).json().data;
        stop.abort('cancelled');
      },
    });
    expect(asked).toMatchObject({ status: 'canceling' });
    expect(out.outcome).toBe('canceled');
    const job = await t.db.execute<{ cancel_requested: boolean }>(
      sql`SELECT cancel_requested FROM jobs WHERE id = ${jobId}`,
    );
    expect(job.rows[0]!.cancel_requested).toBe(true);
    await t.db.execute(sql`UPDATE jobs SET status = 'cancelled', finished_at = now() WHERE id = ${jobId}`);
    const e = await evaluation(id);
    expect(e).toMatchObject({ status: 'canceled', detail: null });
    expect(e.timings.canceled_at).not.toBeNull();
    expect((await api('GET', `/api/v2/evaluations/${id}/results`)).json().data.total).toBe(0);
    const locks = await t.db.execute(sql`SELECT 1 FROM dataset_locks WHERE dataset_id = ${evalDs}`);
    expect(locks.rows).toHaveLength(0);
    expect((await api('DELETE', `/api/v2/evaluations/${id}`)).statusCode).toBe(200);
  }, 60_000);

  let evalId: number;
  it('locks the dataset while it runs, then the worker evaluates it (metrics, timings, results)', async () => {
    const res = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      name: 'eval_1',
    });
    expect(res.statusCode, res.body).toBe(201);
    evalId = res.json().data.id;
    expect(res.json().data).toMatchObject({
      task: 'cf',
      status: 'waiting',
      detail: null,
      classes: CF_CLASSES,
    });

    // No worker yet: the evaluation waits and holds the dataset lock.
    const [first] = await imageIds(evalDs);
    const delImg = await api('DELETE', `/api/v2/datasets/${evalDs}/images`, { image_ids: [first] });
    expect(delImg.statusCode).toBe(409);
    expect(delImg.json().error.code).toBe('IMAGE_DELETE_DURING_VERIFICATION');
    const delDs = await api('DELETE', `/api/v2/datasets/${evalDs}`);
    expect(delDs.statusCode).toBe(409);
    const delEval = await api('DELETE', `/api/v2/evaluations/${evalId}`);
    expect(delEval.statusCode).toBe(409);
    expect(delEval.json().error).toMatchObject({
      code: 'EVALUATION_DELETE_IN_PROGRESS',
      message: 'A performance evaluation in progress cannot be deleted.',
    });

    await startWorker();
    const done = await waitFor(
      async () => {
        const e = await evaluation(evalId);
        return ['done', 'error', 'canceled'].includes(e.status) ? e : null;
      },
      90_000,
      'evaluation done',
    );
    expect(done.error, worker?.output()).toBeNull();
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);
    expect(done.image_count).toBe(12);
    expect(done.detail.task).toBe('cf');
    expect(done.detail.confusion.flat().reduce((a: number, b: number) => a + b, 0)).toBe(12);
    expect(done.detail.perClass.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ['good', true],
      ['scratch', false],
    ]);
    expect(Object.keys(done.metrics).sort()).toEqual(['accuracy', 'macroF1']);
    expect(done.metrics.accuracy).toBeCloseTo(done.detail.accuracy, 6);
    expect(done.timings.progress_seconds).not.toBeNull();
    expect(done.timings.waiting_seconds).toBeGreaterThanOrEqual(0);

    const locks = await t.db.execute(sql`SELECT 1 FROM dataset_locks WHERE dataset_id = ${evalDs}`);
    expect(locks.rows).toHaveLength(0);
    // The status stream (EventSource ticket) sends the finished evaluation once and closes.
    const ticket = (await api('POST', '/api/auth/sse-ticket')).json().data.ticket as string;
    const sse = await t.app.inject({
      method: 'GET',
      url: `/api/v2/evaluations/${evalId}/events?ticket=${ticket}`,
    });
    expect(sse.headers['content-type'], sse.body).toMatch(/text\/event-stream/);
    expect(sse.body).toMatch(/^event: status\ndata: \{.*"status":"done"/);
    const list = (await api('GET', `/api/v2/evaluations?project_id=${p.project.id}&status=done`)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: evalId,
      status: 'done',
      dataset: { id: evalDs, name: 'evalset' },
    });
  }, 180_000);

  it('filters results by correct/wrong and by confusion-matrix cell, pages them, and signs image URLs', async () => {
    const e = await evaluation(evalId);
    const q = (s: string) =>
      api('GET', `/api/v2/evaluations/${evalId}/results?${s}`).then((r) => r.json().data);
    const all = await q('perPage=5');
    expect(all.total).toBe(12);
    expect(all.data).toHaveLength(5);
    const page3 = await q('perPage=5&page=3');
    expect(page3.data).toHaveLength(2);
    const correct = (await q('filter=correct&perPage=50')).data;
    const wrong = (await q('filter=wrong&perPage=50')).data;
    expect(correct.length + wrong.length).toBe(12);
    expect(
      correct.every(
        (r: { correct: boolean; true_class: number; predicted_class: number }) =>
          r.correct && r.true_class === r.predicted_class,
      ),
    ).toBe(true);
    expect(wrong.every((r: { correct: boolean }) => !r.correct)).toBe(true);
    expect(correct.length / 12).toBeCloseTo(e.detail.accuracy, 6);
    for (const tc of [0, 1])
      for (const pc of [0, 1]) {
        const cell = await q(`true_class=${tc}&predicted_class=${pc}&perPage=50`);
        expect(cell.total).toBe(e.detail.confusion[tc][pc]);
      }
    const byScore = (await q('sort=score&order=desc&perPage=50')).data.map((r: { score: number }) => r.score);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    const row = all.data[0];
    expect(row.file_name).toMatch(/\.png$/);
    expect(row.mask_url).toBeNull();
    const img = await t.app.inject({ method: 'GET', url: row.thumb_url });
    expect(img.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: row.thumb_url.replace(/t=.*/, 't=1.2.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('builds a result download (predictions CSV + JSON) listed on the Result tab', async () => {
    const res = await api('POST', `/api/v2/evaluations/${evalId}/download`);
    expect(res.statusCode, res.body).toBe(201);
    const jobId = res.json().data.job_id as string;
    const item = await waitFor(
      async () => {
        const l = (
          await api('GET', `/api/v2/output/download/request?project_id=${p.project.id}&page=1&perPage=10`)
        ).json().data;
        const it = l.data.find((d: { job_id: string }) => d.job_id === jobId);
        return it?.status === 'success' ? it : null;
      },
      60_000,
      'download ready',
    );
    expect(item).toMatchObject({ work_name: 'eval_1', file_name: 'eval_1.zip' });
    const file = await t.app.inject({ method: 'GET', url: item.download_path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const text = file.rawPayload.toString('latin1');
    expect(text).toContain('predictions.csv');
    expect(text).toContain('predictions.json');
  }, 90_000);

  it('judges cf images at the asked threshold: at 0 every image is NG', async () => {
    await startWorker();
    const res = await api('POST', '/api/v2/evaluations', {
      model_id: model,
      dataset_id: evalDs,
      name: 'eval_t0',
      threshold: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const done = await waitFor(
      async () => {
        const e = await evaluation(id);
        return ['done', 'error', 'canceled'].includes(e.status) ? e : null;
      },
      90_000,
      'evaluation at threshold 0 done',
    );
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    const rows = (await api('GET', `/api/v2/evaluations/${id}/results?perPage=100`)).json().data.data;
    expect(rows).toHaveLength(12);
    expect(rows.every((r: { predicted_class: number }) => r.predicted_class === 1)).toBe(true);
    expect((await api('DELETE', `/api/v2/evaluations/${id}`)).statusCode).toBe(200);
  }, 120_000);

  it('compares models with the same class info, refuses a mismatch, a wrong count and trial accounts', async () => {
    const m2 = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'm2', modelDir });
    const swapped = CF_CLASSES.map((c) => ({ ...c, ok: !c.ok }));
    const m3 = await insertDoneLearning(t.db, t.storage, {
      projectId: p.project.id,
      name: 'm3',
      modelDir: null,
      classes: swapped,
    });

    const check = await api('POST', '/api/v2/compares/check', { model_ids: [model, m3] });
    expect(check.json().data).toEqual({ match: false, mismatch: { model_id: m3, index: 0, reason: 'ok' } });
    expect((await api('POST', '/api/v2/compares/check', { model_ids: [model, m2] })).json().data).toEqual({
      match: true,
      mismatch: null,
    });

    const mismatch = await api('POST', '/api/v2/compares', { dataset_id: evalDs, model_ids: [model, m3] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'CLASS_INFO_MISMATCH',
      message: 'Class info does not match (order, name, OK flag).',
    });
    const one = await api('POST', '/api/v2/compares', { dataset_id: evalDs, model_ids: [model] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.code).toBe('COMPARE_MODEL_COUNT');

    const trialUser = await t.factory.user({
      roleId: 5,
      companyId: p.company.id,
      projects: { [p.project.id]: [1] },
    });
    const trial = await api(
      'POST',
      '/api/v2/compares',
      { dataset_id: evalDs, model_ids: [model, m2] },
      { ...(await t.loginAs(trialUser)), ...en },
    );
    expect(trial.statusCode).toBe(403);
    expect(trial.json().error.code).toBe('TRIAL_NO_COMPARE');

    const res = await api('POST', '/api/v2/compares', {
      dataset_id: evalDs,
      model_ids: [model, m2],
      name: 'cmp',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data.evaluations.map((e: { model: { id: number } }) => e.model.id)).toEqual([
      model,
      m2,
    ]);
    await startWorker();
    const done = await waitFor(
      async () => {
        const c = (await api('GET', `/api/v2/compares/${id}`)).json().data;
        return ['done', 'error', 'canceled'].includes(c.status) ? c : null;
      },
      90_000,
      'compare done',
    );
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.evaluations.map((e: { status: string }) => e.status)).toEqual(['done', 'done']);
    // The same weights under two names agree on every image.
    expect(done.evaluations[0].metrics).toEqual(done.evaluations[1].metrics);
    expect(done.disagreements).toBe(0);
    const dis = (await api('GET', `/api/v2/compares/${id}/disagreements`)).json().data;
    expect(dis).toEqual({ data: [], total: 0 });
    // Flip the second model's answer on one image: that image is now a disagreement row.
    const [e1, e2] = done.evaluations.map((e: { id: number }) => e.id);
    const flipped = await t.db.execute<{ image_id: string; predicted_class: number }>(sql`
      UPDATE evaluation_results SET predicted_class = 1 - predicted_class, correct = NOT correct
      WHERE id = (SELECT min(id) FROM evaluation_results WHERE evaluation_id = ${e2}) RETURNING image_id, predicted_class`);
    const dis1 = (await api('GET', `/api/v2/compares/${id}/disagreements?perPage=5`)).json().data;
    expect(dis1.total).toBe(1);
    expect(dis1.data[0].image_id).toBe(flipped.rows[0]!.image_id);
    expect(dis1.data[0].thumb_url).toMatch(/^\/api\/v2\/images\/.+\/thumb\?t=/);
    expect(dis1.data[0].predictions.map((x: { evaluation_id: number }) => x.evaluation_id)).toEqual([e1, e2]);
    expect(dis1.data[0].predictions[1].predicted_class).toBe(flipped.rows[0]!.predicted_class);
    expect(dis1.data[0].predictions[0].predicted_class).toBe(1 - flipped.rows[0]!.predicted_class);
    const list = (await api('GET', `/api/v2/compares?project_id=${p.project.id}`)).json().data;
    expect(list.total).toBe(1);
    // Compare evaluations stay out of the single-evaluation list.
    expect((await api('GET', `/api/v2/evaluations?project_id=${p.project.id}`)).json().data.total).toBe(1);
    expect((await api('DELETE', `/api/v2/compares/${id}`)).json()).toEqual({ data: { deleted: true } });
    expect((await api('GET', `/api/v2/compares/${id}`)).statusCode).toBe(404);
  }, 180_000);

  it("reads a compare's evaluations but cancels them only through the compare", async () => {
    // No worker: the compare waits, so its cancel is immediate and deterministic.
    if (worker) {
      worker.child.kill('SIGTERM');
      await worker.exited();
      worker = null;
    }
    const m2 = await insertDoneLearning(t.db, t.storage, { projectId: p.project.id, name: 'm2c', modelDir });
    const res = await api('POST', '/api/v2/compares', { dataset_id: evalDs, model_ids: [model, m2] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const [e1] = res.json().data.evaluations.map((e: { id: number }) => e.id);
    expect((await api('GET', `/api/v2/evaluations/${e1}`)).json().data).toMatchObject({ id: e1 });
    expect((await api('POST', `/api/v2/evaluations/${e1}/cancel`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v2/evaluations/${e1}`)).statusCode).toBe(404);

    const canceled = await api('POST', `/api/v2/compares/${id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.status).toBe('canceled');
    expect(canceled.json().data.evaluations.map((e: { status: string }) => e.status)).toEqual([
      'canceled',
      'canceled',
    ]);
    const again = await api('POST', `/api/v2/compares/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EVALUATION_NOT_CANCELABLE');
    // The dataset lock went with the cancel.
    const locks = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM dataset_locks WHERE ref = ${`compare:${id}`}`,
    );
    expect(locks.rows[0]!.n).toBe(0);
    expect((await api('DELETE', `/api/v2/compares/${id}`)).statusCode).toBe(200);
  });

  it('after the run, images of the dataset can be deleted again', async () => {
    const [first] = await imageIds(evalDs);
    const del = await api('DELETE', `/api/v2/datasets/${evalDs}/images`, { image_ids: [first] });
    expect(del.statusCode, del.body).toBe(200);
    const d = await api('DELETE', `/api/v2/evaluations/${evalId}`);
    expect(d.json()).toEqual({ data: { deleted: true } });
  });
});
