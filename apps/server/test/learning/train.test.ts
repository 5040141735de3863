// A real training end to end through a spawned worker: synthetic cf images in storage → learning.train
// (materialised from storage, packages/vision train()) → done with the model files in storage, live
// progress over SSE, download, relearning with the history kept, cancel of a running training, and an
// engine error recorded with its translated message.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnWorker, waitFor, type WorkerProcess } from '../harness';
import {
  algorithmId,
  insertDataset,
  readSse,
  setupLearningApp,
  synthClasses,
  TINY,
  trainer,
  postLearning,
} from './helpers';

const t = setupLearningApp();
let worker: WorkerProcess;
let address = '';

beforeAll(async () => {
  worker = spawnWorker(t.url, { DATA_DIR: t.dataDir });
  await worker.ready(60_000);
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exited();
  }
});

const get = async (headers: object, id: number) =>
  (await t.app.inject({ url: `/api/v2/learnings/${id}`, headers: { ...headers, 'x-locale': 'en' } })).json()
    .data;

async function untilStatus(headers: object, id: number, statuses: string[], timeoutMs = 120_000) {
  return waitFor(
    async () => {
      const d = await get(headers, id);
      return statuses.includes(d.status) ? d : null;
    },
    timeoutMs,
    `learning ${id} ${statuses.join('|')}\n${worker.output().slice(-3000)}`,
  );
}

describe('training through the worker', () => {
  let p: Awaited<ReturnType<typeof trainer>>;
  let algo: number;
  let firstId = 0;

  beforeAll(async () => {
    p = await trainer(t);
    algo = await algorithmId(t.db, 'cf-resnet');
  });

  it('trains a tiny cf model to done: live SSE progress, history, metrics, files in storage, download', async () => {
    const images = await synthClasses(12, ['good', 'scratch', 'spot']);
    const ds = await insertDataset(t.db, t.deps.storage, { projectId: p.project.id, classes: images });
    const res = await postLearning(t, p, {
      dataset_id: ds,
      name: 'tiny-cf',
      algorithm_id: algo,
      // inputSize 0 = auto: the engine picks it from the 32 px images (its smallest side, 64).
      params: { ...TINY, inputSize: 0, epochs: 3 },
      validation_split: 0.25,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    firstId = id;
    const ticket = (
      await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: p.headers })
    ).json().data.ticket as string;
    const events = await readSse(
      `${address}/api/v2/learnings/${id}/events?ticket=${ticket}`,
      {},
      () => false, // the stream closes itself at a terminal status
      150_000,
    );
    const progress = events
      .filter((e) => e.event === 'progress')
      .map((e) => e.data as Record<string, unknown>);
    const statuses = events.filter((e) => e.event === 'status').map((e) => e.data as Record<string, unknown>);
    expect(statuses[statuses.length - 1]).toMatchObject({ id, status: 'done', progress: 100 });
    expect(
      progress.some((e) => e.phase === 'training' && typeof e.epoch === 'number' && e.epochs === 3),
    ).toBe(true);
    expect(progress.some((e) => e.metric_name === 'accuracy' && typeof e.metric === 'number')).toBe(true);

    const d = await get(p.headers, id);
    expect(d).toMatchObject({
      status: 'done',
      progress: 100,
      resumed: false,
      error: null,
      queue_position: null,
    });
    expect(d.metrics.accuracy).toBeGreaterThanOrEqual(0);
    expect(d.validation).toHaveProperty('accuracy');
    expect(d.params.inputSize).toBe(0);
    expect(d.auto).toEqual({ inputSize: 64 });
    expect(d.history.map((h: { run: number; epoch: number }) => [h.run, h.epoch])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(d.files.map((f: { name: string }) => f.name).sort()).toEqual([
      'manifest.json',
      'model.onnx',
      'model.pt',
      'parity.json',
    ]);
    expect(d.timings.started_at).not.toBeNull();
    expect(d.timings.finished_at).not.toBeNull();
    expect(d.timings.progress_seconds).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(d.warnings)).toBe(true);
    for (const f of d.files)
      expect(existsSync(join(t.dataDir, 'storage', `learnings/${id}/model/${f.name}`))).toBe(true);
    // The worker tidies the checkpoint and work folder right after it marks the learning done.
    await expect
      .poll(() => existsSync(join(t.dataDir, 'storage', `learnings/${id}/checkpoint.pt`)), {
        timeout: 15_000,
      })
      .toBe(false);
    await expect
      .poll(() => existsSync(join(t.dataDir, 'work', 'learnings', String(id))), { timeout: 15_000 })
      .toBe(false);
    const jobOf = async () =>
      (await t.app.inject({ url: `/api/jobs/${d.job_id}`, headers: p.headers })).json().data;
    await expect.poll(async () => (await jobOf()).status, { timeout: 15_000 }).toBe('succeeded');
    expect(await jobOf()).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1 });

    const onnx = await t.app.inject({ url: `/api/v2/learnings/${id}/files/model.onnx`, headers: p.headers });
    expect(onnx.statusCode).toBe(200);
    expect(onnx.headers['content-disposition']).toMatch(/^attachment; filename="tiny-cf_model.onnx"/);
    expect(onnx.rawPayload.length).toBe(d.files.find((f: { name: string }) => f.name === 'model.onnx').size);
    const manifest = await t.app.inject({
      url: `/api/v2/learnings/${id}/files/manifest.json`,
      headers: p.headers,
    });
    expect(JSON.parse(manifest.body)).toMatchObject({
      format: 'sightline-model',
      task: 'cf',
      algorithm: 'cf-resnet',
    });
    const list = (
      await t.app.inject({
        url: `/api/v2/learnings?project_id=${p.project.id}&done_only=true`,
        headers: p.headers,
      })
    ).json().data;
    expect(list.data.map((l: { id: number }) => l.id)).toContain(id);
  }, 200_000);

  it('relearning continues the model on new data of the same classes and keeps its history', async () => {
    expect(firstId).toBeGreaterThan(0);
    const images = await synthClasses(8, ['good', 'scratch', 'spot'], 77);
    const ds = await insertDataset(t.db, t.deps.storage, { projectId: p.project.id, classes: images });
    const res = await postLearning(t, p, {
      dataset_id: ds,
      name: 'tiny-cf-2',
      algorithm_id: algo,
      params: { ...TINY, epochs: 2 },
      base_learning_id: firstId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = await untilStatus(p.headers, res.json().data.id, ['done', 'error']);
    expect(d.error).toBeNull();
    expect(d.history.map((h: { run: number; epoch: number }) => [h.run, h.epoch])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 4],
      [2, 5],
    ]);
    expect(d.base_learning_id).toBe(firstId);
  }, 200_000);

  it('cancels a running training through the job signal; an engine error is recorded with its message', async () => {
    const images = await synthClasses(12, ['good', 'scratch'], 91);
    const ds = await insertDataset(t.db, t.deps.storage, { projectId: p.project.id, classes: images });
    const res = await postLearning(t, p, {
      dataset_id: ds,
      name: 'long',
      algorithm_id: algo,
      params: { ...TINY, epochs: 300 },
    });
    const id = res.json().data.id as number;
    await waitFor(async () => (await get(p.headers, id)).epoch >= 1, 120_000, 'first epoch');

    // One training at a time per worker (TRAIN_CONCURRENCY 1): the next one waits with its queue position,
    // and a waiting one is canceled at once.
    const next = await postLearning(t, p, {
      dataset_id: ds,
      name: 'next',
      algorithm_id: algo,
      params: { ...TINY, epochs: 1 },
    });
    const nextId = next.json().data.id as number;
    await new Promise((r) => setTimeout(r, 2500));
    expect(await get(p.headers, nextId)).toMatchObject({ status: 'waiting', queue_position: 1 });
    expect((await get(p.headers, id)).status).toBe('running');
    const nc = await t.app.inject({
      method: 'POST',
      url: `/api/v2/learnings/${nextId}/cancel`,
      headers: p.headers,
    });
    expect(nc.json().data).toMatchObject({ status: 'canceled', queue_position: null });

    const c = await t.app.inject({
      method: 'POST',
      url: `/api/v2/learnings/${id}/cancel`,
      headers: p.headers,
    });
    expect(c.json().data.status).toBe('canceling');
    const d = await untilStatus(p.headers, id, ['canceled', 'done', 'error'], 60_000);
    expect(d.status).toBe('canceled');
    expect(d.timings.canceled_at).not.toBeNull();
    // The job row is closed by the runner just after the handler has written the learning's status.
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/api/jobs/${d.job_id}`, headers: p.headers })).json().data.status,
        { timeout: 15_000 },
      )
      .toBe('cancelled');

    // One class without images: the engine refuses the data (no retry), the code and its text are kept.
    const empty = await insertDataset(t.db, t.deps.storage, {
      projectId: p.project.id,
      classes: { good: images.good!.slice(0, 4), scratch: [] },
    });
    const bad = await postLearning(t, p, {
      dataset_id: empty,
      name: 'bad-data',
      algorithm_id: algo,
      params: { ...TINY, epochs: 1 },
    });
    const e = await untilStatus(p.headers, bad.json().data.id, ['error', 'done'], 60_000);
    expect(e.status).toBe('error');
    expect(e.error.code).toMatch(/^DATA_/);
    expect(e.error.message).not.toBe(e.error.code);
  }, 200_000);
});
