// Anomaly detection through the worker on a classification dataset: the model learns from the images of
// its OK class only, and comes back with the ad classes (good/defect), a threshold and imageAUROC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnWorker, waitFor, type WorkerProcess } from '../harness';
import { algorithmId, insertDataset, setupLearningApp, synthClasses, trainer, postLearning } from './helpers';

const t = setupLearningApp();
let worker: WorkerProcess;

beforeAll(async () => {
  worker = spawnWorker(t.url, { DATA_DIR: t.dataDir });
  await worker.ready(60_000);
}, 120_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exited();
  }
});

describe('ad on the OK class of a cf dataset', () => {
  it('trains to done with the ad classes, a threshold and imageAUROC', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'ad-patchknn');
    const images = await synthClasses(16, ['good', 'scratch'], 23);
    const ds = await insertDataset(t.db, t.deps.storage, { projectId: p.project.id, classes: images });
    const res = await postLearning(t, p, {
      dataset_id: ds,
      name: 'tiny-ad',
      algorithm_id: algo,
      params: { inputSize: 32, grayscale: 1, width: 8, batchSize: 8, epochs: 1, memoryBank: 64, seed: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const d = await waitFor(
      async () => {
        const r = (await t.app.inject({ url: `/api/v2/learnings/${id}`, headers: p.headers })).json().data;
        return ['done', 'error'].includes(r.status) ? r : null;
      },
      150_000,
      `ad training finished\n${worker.output().slice(-2000)}`,
    );
    expect(d.error).toBeNull();
    expect(d).toMatchObject({ status: 'done', task: 'ad' });
    expect(d.classes).toEqual([
      { index: 0, name: 'good', ok: true },
      { index: 1, name: 'defect', ok: false },
    ]);
    expect(typeof d.validation.threshold).toBe('number');
    expect(d.metrics).toHaveProperty('imageAUROC');
    const manifest = await t.app.inject({
      url: `/api/v2/learnings/${id}/files/manifest.json`,
      headers: p.headers,
    });
    expect(JSON.parse(manifest.body)).toMatchObject({ task: 'ad', algorithm: 'ad-patchknn' });
  }, 200_000);
});
