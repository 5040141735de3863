// Anomaly detection evaluation through the worker: a tiny CutPaste model trained here on synthetic OK
// images, judged on a cf dataset (good / defect) of purpose 'evaluation'. Checks the ad detail (scores
// for the live slider, ROC), heatmap overlays and the results re-judged at a live threshold.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataset, synth, train } from '@sightline/vision';
import { spawnWorker, waitFor, type WorkerProcess } from '../harness';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';
import { zip } from '../datasets/fixtures';
import { insertDoneLearning } from './fixtures';

const t = setupDatasetApp({ jobs: true });
const AD_CLASSES = [
  { index: 0, name: 'good', ok: true },
  { index: 1, name: 'defect', ok: false },
];

let dir: string;
let worker: WorkerProcess | null = null;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-ad-eval-'));
}, 60_000);
afterAll(async () => {
  if (worker) {
    worker.child.kill('SIGTERM');
    await worker.exited();
  }
  await rm(dir, { recursive: true, force: true });
});

describe('anomaly detection evaluation', () => {
  it('evaluates a done ad model: AUROC, OK/NG scores, ROC, heatmaps and live-threshold results', async () => {
    await synth.writeAnomalySet(dir, 24, 12, { size: 32, seed: 4 });
    const data = await readDataset('ad', dir, 'train');
    const res = await train(
      data,
      { epochs: 1, batchSize: 8, inputSize: 32, grayscale: 1, width: 8, seed: 2 },
      { outDir: join(dir, 'model'), algorithmId: 'ad-cutpaste' },
    );
    const p = await projectWithMember(t);
    const h = { ...p.headers, 'x-locale': 'en' };
    const model = await insertDoneLearning(t.db, t.storage, {
      projectId: p.project.id,
      name: 'ad1',
      modelDir: res.modelDir,
      task: 'ad',
      classes: AD_CLASSES,
    });

    const items = [];
    for (const cls of ['good', 'defect'])
      for (const f of (await readdir(join(dir, 'test', cls))).sort())
        items.push({ name: `f1/${cls}/${f}`, data: await readFile(join(dir, 'test', cls, f)) });
    const datasetId = await uploadDataset(
      t,
      p.headers,
      { project_id: p.project.id, name: 'adset', type: 'cf', purpose: 'evaluation' },
      [{ name: 'adset.zip', data: await zip(items) }],
    );

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/evaluations',
      headers: h,
      payload: { model_id: model, dataset_id: datasetId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    worker = spawnWorker(t.url, { DATA_DIR: t.dataDir });
    await worker.ready(60_000);
    const done = await waitFor(
      async () => {
        const e = (await t.app.inject({ method: 'GET', url: `/api/v2/evaluations/${id}`, headers: h })).json()
          .data;
        return ['done', 'error', 'canceled'].includes(e.status) ? e : null;
      },
      120_000,
      'ad evaluation done',
    );
    expect(done.error, worker.output()).toBeNull();
    expect(done.detail.task).toBe('ad');
    expect(done.detail.scores.ok).toHaveLength(6);
    expect(done.detail.scores.ng).toHaveLength(6);
    expect(done.detail.roc.length).toBeGreaterThan(1);
    expect(done.detail.roc[0]).toMatchObject({ fpr: 0, tpr: 0 });
    expect(done.detail.roc.at(-1)).toMatchObject({ fpr: 1, tpr: 1 });
    expect(done.metrics.imageAUROC).toBeGreaterThanOrEqual(0);
    expect(done.threshold).toBeCloseTo(done.detail.threshold, 5);

    const q = async (s: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/evaluations/${id}/results?perPage=50&${s}`,
          headers: h,
        })
      ).json().data;
    const all = await q('');
    expect(all.total).toBe(12);
    expect(all.data.filter((r: { true_class: number }) => r.true_class === 1)).toHaveLength(6);
    const row = all.data[0];
    expect(row.heatmap_url).toMatch(/^\/api\/v2\/evaluations\/\d+\/overlays\//);
    const png = await t.app.inject({ method: 'GET', url: row.heatmap_url });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(
      (await t.app.inject({ method: 'GET', url: row.heatmap_url.replace(/\?t=.*/, '') })).statusCode,
    ).toBe(404);

    // Live threshold 0: every image is judged NG, so exactly the NG images are correct.
    const live = await q('threshold=0&filter=correct');
    expect(live.total).toBe(6);
    expect(
      live.data.every(
        (r: { true_class: number; predicted_class: number }) => r.true_class === 1 && r.predicted_class === 1,
      ),
    ).toBe(true);
    // The stored judgement agrees with the stored threshold.
    const stored = await q('filter=correct');
    const t0 = done.detail.threshold as number;
    const expected = all.data.filter(
      (r: { score: number; true_class: number }) => r.score >= t0 === (r.true_class === 1),
    ).length;
    expect(stored.total).toBe(expected);
  }, 300_000);
});
