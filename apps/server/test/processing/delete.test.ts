// Deleting a processing work whose result dataset is in use (SPEC §4): refused with the spec's message while a
// performance evaluation locks it, or while a training or another work reads it, and then the work and its
// dataset both stay; otherwise the work, its dataset rows and their stored objects go together.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  datasetImages,
  datasetLocks,
  datasets,
  learnings,
  processingWorkSources,
  processingWorks,
} from '@sightline/db';
import { pngs, zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp();
let p: Awaited<ReturnType<typeof projectWithMember>>;

const del = (id: number, locale = 'en') =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v2/processing/${id}`,
    headers: { ...p.headers, 'x-locale': locale },
  });

async function upload(name: string) {
  return uploadDataset(t, p.headers, { project_id: p.project.id, name, type: 'cf' }, [
    {
      name: `${name}.zip`,
      data: await zip((await pngs(3, 900)).map((data, i) => ({ name: `ok/i${i}.png`, data }))),
    },
  ]);
}

/** A done work whose result is a freshly uploaded dataset. */
async function doneWork(name: string) {
  const ds = await upload(name);
  const [w] = await t.db
    .insert(processingWorks)
    .values({
      projectId: p.project.id,
      name,
      kind: 'new',
      task: 'cf',
      status: 'done',
      progress: 100,
      saveDir: name,
      resultDatasetId: ds,
    })
    .returning();
  return { id: w!.id, ds };
}

const exists = async (workId: number, ds: number) => ({
  work: (await t.db.select().from(processingWorks).where(eq(processingWorks.id, workId))).length === 1,
  dataset: (await t.db.select().from(datasets).where(eq(datasets.id, ds))).length === 1,
});

beforeAll(async () => {
  p = await projectWithMember(t);
});

describe('deleting a work whose result is in use', () => {
  it('a performance evaluation lock refuses it with the verification message; both stay', async () => {
    const w = await doneWork('evallocked');
    await t.db.insert(datasetLocks).values({ datasetId: w.ds, ref: 'evaluation:1', reason: 'verification' });
    const res = await del(w.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('IMAGE_DELETE_DURING_VERIFICATION');
    expect(await exists(w.id, w.ds)).toEqual({ work: true, dataset: true });
    await t.db.delete(datasetLocks).where(eq(datasetLocks.datasetId, w.ds));
    expect((await del(w.id)).statusCode).toBeLessThan(300);
    expect(await exists(w.id, w.ds)).toEqual({ work: false, dataset: false });
  });

  it('a training in progress on it refuses it (ko and en messages); a finished one does not', async () => {
    const w = await doneWork('training');
    const [l] = await t.db
      .insert(learnings)
      .values({
        projectId: p.project.id,
        datasetId: w.ds,
        datasetName: 'training',
        name: 'uses it',
        task: 'cf',
        engineKey: 'cf',
        params: {},
        classes: [],
        validationSplit: 0.2,
        status: 'running',
      })
      .returning();
    const en = await del(w.id);
    expect(en.statusCode).toBe(409);
    expect(en.json().error).toMatchObject({
      code: 'WORK_RESULT_IN_USE',
      message: 'The result data is used by a training or work in progress and cannot be deleted.',
    });
    expect((await del(w.id, 'ko')).json().error.message).toBe(
      '결과 데이터가 진행 중인 학습 또는 작업에 사용되고 있어 삭제할 수 없습니다.',
    );
    expect(await exists(w.id, w.ds)).toEqual({ work: true, dataset: true });
    await t.db.update(learnings).set({ status: 'done' }).where(eq(learnings.id, l!.id));
    expect((await del(w.id)).statusCode).toBeLessThan(300);
    expect(await exists(w.id, w.ds)).toEqual({ work: false, dataset: false });
    // The finished learning keeps its row; its dataset link is cleared.
    const [after] = await t.db.select().from(learnings).where(eq(learnings.id, l!.id));
    expect(after).toMatchObject({ datasetId: null, datasetName: 'training' });
  });

  it('another work in progress reading it refuses it', async () => {
    const w = await doneWork('sourceofother');
    const [other] = await t.db
      .insert(processingWorks)
      .values({
        projectId: p.project.id,
        name: 'reads it',
        kind: 'copy',
        task: 'cf',
        status: 'progressing',
        saveDir: 'readsit',
      })
      .returning();
    await t.db
      .insert(processingWorkSources)
      .values({ workId: other!.id, position: 0, datasetId: w.ds, datasetName: 'sourceofother' });
    expect((await del(w.id)).json().error.code).toBe('WORK_RESULT_IN_USE');
    expect(await exists(w.id, w.ds)).toEqual({ work: true, dataset: true });
    await t.db.update(processingWorks).set({ status: 'error' }).where(eq(processingWorks.id, other!.id));
    expect((await del(w.id)).statusCode).toBeLessThan(300);
    expect(await exists(w.id, w.ds)).toEqual({ work: false, dataset: false });
  });

  it('deleting an external work whose import never finished removes its stored upload', async () => {
    const w = await doneWork('extfailed');
    const key = 'uploads/external/00000000-0000-4000-8000-000000000001.pack';
    await t.storage.put(key, Buffer.from('pack'));
    await t.db
      .update(processingWorks)
      .set({ kind: 'external', status: 'error', options: { label_type: 'coco', upload_key: key } })
      .where(eq(processingWorks.id, w.id));
    expect((await del(w.id)).statusCode).toBeLessThan(300);
    expect(await exists(w.id, w.ds)).toEqual({ work: false, dataset: false });
    expect(await t.storage.stat(key)).toBeNull();
  });

  it('a clean delete removes the work, its images and their stored objects', async () => {
    const w = await doneWork('clean');
    const imgs = await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, w.ds));
    expect(imgs).toHaveLength(3);
    for (const i of imgs) expect(await t.storage.stat(`images/${i.id}/original`)).not.toBeNull();
    expect((await del(w.id)).statusCode).toBeLessThan(300);
    expect(await exists(w.id, w.ds)).toEqual({ work: false, dataset: false });
    expect(await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, w.ds))).toHaveLength(0);
    for (const i of imgs) expect(await t.storage.stat(`images/${i.id}/original`)).toBeNull();
  });
});
