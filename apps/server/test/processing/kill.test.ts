// A processing job whose worker is killed (SIGKILL) mid-way: the source dataset (rows, objects and
// stored files) is untouched, the reaper hands the job back, and another worker starts the result over
// and finishes it with every image exactly once.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { datasetImages } from '@sightline/db';
import { WorkerReaper } from '@sightline/jobs';
import { waitFor, workersStoppedAfterAll } from '../harness';
import { zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp({ jobs: true, config: { workerStaleMs: 2500 } });
const workers = workersStoppedAfterAll();
const N = 150;

/** Noise images (large enough that copying them takes a while). */
const noise = (i: number) =>
  sharp(randomBytes(160 * 160 * 3), { raw: { width: 160, height: 160, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
    .then((data) => ({ name: `n${i}.png`, data }));

describe('processing job killed mid-way', () => {
  it('leaves the source untouched; the retried job starts the result over', async () => {
    const p = await projectWithMember(t);
    const items = await Promise.all(Array.from({ length: N }, (_, i) => noise(i)));
    const src = await uploadDataset(t, p.headers, { project_id: p.project.id, name: 'src', type: 'cf' }, [
      { name: 'src.zip', data: await zip(items) },
    ]);
    const snapshot = () =>
      t.db
        .select()
        .from(datasetImages)
        .where(eq(datasetImages.datasetId, src))
        .orderBy(asc(datasetImages.id));
    const before = await snapshot();
    const keysBefore = (await t.keys()).filter((k) => before.some((i) => k.startsWith(`images/${i.id}`)));

    const env = {
      DATA_DIR: t.dataDir,
      CACHE_DIR: join(t.dataDir, 'cache'),
      WORK_DIR: join(t.dataDir, 'work'),
    };
    const first = workers.spawn(t.url, env);
    await first.ready(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/processing',
      headers: p.headers,
      payload: { project_id: p.project.id, kind: 'new', name: 'killed', save_dir: 'killed', dataset_id: src },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, result_dataset_id: result, job_id: jobId } = res.json().data;
    const count = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(datasetImages)
          .where(eq(datasetImages.datasetId, result))
      )[0]!.n;

    // Kill the worker once the first batch is stored and before the last.
    const deadline = Date.now() + 60_000;
    let atKill = 0;
    while (Date.now() < deadline) {
      atKill = await count();
      if (atKill > 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill('SIGKILL');
    await first.exited();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(N);
    const stalled = (await t.app.inject({ url: `/api/v2/processing/${id}`, headers: p.headers })).json().data;
    expect(stalled.status).not.toBe('done');

    // The source is untouched: rows and stored files.
    expect(await snapshot()).toEqual(before);
    const keysAfter = await t.keys();
    for (const k of keysBefore) expect(keysAfter).toContain(k);

    const reaper = new WorkerReaper(t.deps.database, t.deps.queue!, t.deps.config.workerStaleMs);
    workers.reaper = reaper;
    reaper.start(300);
    await waitFor(
      async () => {
        const r = await t.db.execute<{ status: string }>(sql`select status from jobs where id = ${jobId}`);
        return r.rows[0]?.status === 'queued';
      },
      20_000,
      'job handed back',
    );
    const second = workers.spawn(t.url, env);
    await second.ready(60_000);
    const done = await waitFor(
      async () => {
        const w = (await t.app.inject({ url: `/api/v2/processing/${id}`, headers: p.headers })).json().data;
        return w.status === 'done' ? w : null;
      },
      60_000,
      'work done by the second worker',
    );
    expect(done.image_count).toBe(N);
    expect(await count()).toBe(N);
    expect(await snapshot()).toEqual(before);
  }, 150_000);
});
