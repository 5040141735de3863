// /train/dataset management: list, rename, folders, classes (add/edit/replace/merge/remove), image
// filters, image deletion with the verification lock, dataset deletion.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { datasetImages, imageObjects } from '@sightline/db';
import { createDatasetServices } from '../../src/features/dataset/dataset.module';
import { multipart, pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from './harness';

const t = setupDatasetApp();

async function cfDataset(name = 'cfset') {
  const p = await projectWithMember(t);
  const imgs = await pngs(6, Math.floor(Math.random() * 1e6));
  const z = await zip([
    { name: 'f1/ok/a.png', data: imgs[0]! },
    { name: 'f1/ok/b.png', data: imgs[1]! },
    { name: 'f1/dent/c.png', data: imgs[2]! },
    { name: 'f2/scratch/d.png', data: imgs[3]! },
    { name: 'f2/scratch/e.png', data: imgs[4]! },
    { name: 'f.png', data: imgs[5]! },
  ]);
  const id = await uploadDataset(t, p.headers, { project_id: p.project.id, name, type: 'cf' }, [
    { name: 'z.zip', data: z },
  ]);
  const detail = await get(p.headers, `/api/v2/datasets/${id}`);
  return { ...p, id, detail };
}

async function get(headers: object, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const call = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const classId = (d: { classes: { id: number; name: string }[] }, name: string) =>
  d.classes.find((c) => c.name === name)!.id;

describe('dataset list and detail', () => {
  it('lists the project datasets with counts and latest modified date, searchable and paged', async () => {
    const { headers, project, id } = await cfDataset('listed');
    const list = await get(headers, `/api/v2/datasets?project_id=${project.id}`);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id,
      name: 'listed',
      image_count: 6,
      folder_count: 3,
      class_count: 3,
    });
    expect(Date.parse(list.data[0].updated_at)).toBeGreaterThan(0);
    expect((await get(headers, `/api/v2/datasets?project_id=${project.id}&search=nomatch`)).total).toBe(0);
  });

  it('renames a dataset with a duplicate check', async () => {
    const { headers, id, project } = await cfDataset('first');
    const body = multipart({ project_id: project.id, name: 'second', type: 'od' }, [
      { name: 'a.png', data: (await pngs(1, 77_000))[0]! },
    ]);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/datasets/upload',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(
      (await call('PATCH', `/api/v2/datasets/${id}`, headers, { name: 'SECOND' })).json().error.code,
    ).toBe('DATASET_NAME_EXISTS');
    const ok = await call('PATCH', `/api/v2/datasets/${id}`, headers, {
      name: 'renamed',
      purpose: 'evaluation',
    });
    expect(ok.json().data).toMatchObject({ name: 'renamed', purpose: 'evaluation' });
  });
});

describe('folders', () => {
  it('renames a folder; the new name is required, follows the rules and must not duplicate another', async () => {
    const { headers, id, detail } = await cfDataset();
    const f1 = detail.folders.find((f: { name: string }) => f.name === 'f1');
    const url = `/api/v2/datasets/${id}/folders/${f1.id}`;
    expect((await call('PATCH', url, headers, { name: '' })).json().error.code).toBe('FOLDER_NAME_REQUIRED');
    expect((await call('PATCH', url, headers, { name: 'F2' })).json().error.code).toBe('FOLDER_NAME_INVALID');
    expect((await call('PATCH', url, headers, { name: 'a/b' })).json().error.code).toBe(
      'FOLDER_NAME_INVALID',
    );
    const ok = await call('PATCH', url, headers, { name: 'line_A' });
    expect(ok.json().data).toEqual({ id: f1.id, name: 'line_A', image_count: 3 });
  });
});

describe('classes', () => {
  it('adds a class with the 34 limit and no duplicate names', async () => {
    const { headers, id } = await cfDataset();
    const url = `/api/v2/datasets/${id}/classes`;
    expect((await call('POST', url, headers, { name: 'DENT' })).json().error.code).toBe('CLASS_DUPLICATE');
    for (let i = 0; i < 31; i++)
      expect((await call('POST', url, headers, { name: `extra_${i}` })).statusCode).toBe(200);
    const full = await call('POST', url, headers, { name: 'one_more' });
    expect(full.json().error).toMatchObject({
      code: 'CLASS_LIMIT',
      message: '클래스는 최대 34개까지 등록할 수 있습니다.',
    });
  });

  it('edits name, colour, OK flag and order', async () => {
    const { headers, id, detail } = await cfDataset();
    const okId = classId(detail, 'ok');
    const res = await call('PATCH', `/api/v2/datasets/${id}/classes/${okId}`, headers, {
      name: 'good',
      color: '#00ff00',
      is_ok: true,
      order: 9,
    });
    const cls = res.json().data.classes.find((c: { id: number }) => c.id === okId);
    expect(cls).toMatchObject({ name: 'good', color: '#00ff00', is_ok: true, order: 9, image_count: 2 });
    expect(res.json().data.class_problems).toEqual([]);
    expect(
      (await call('PATCH', `/api/v2/datasets/${id}/classes/${okId}`, headers, { name: 'dent' })).json().error
        .code,
    ).toBe('CLASS_DUPLICATE');
  });

  it('saves the whole class list with the full rules, removing missing classes', async () => {
    const { headers, id, detail } = await cfDataset();
    const url = `/api/v2/datasets/${id}/classes`;
    const [ok, dent, scratch] = ['ok', 'dent', 'scratch'].map((n) => classId(detail, n));
    const bad = await call('PUT', url, headers, {
      classes: [{ id: ok, name: 'ok', color: '#111111', is_ok: false }],
    });
    expect(bad.json().error.code).toBe('CLASS_TOO_FEW');
    const noOk = await call('PUT', url, headers, {
      classes: [
        { id: ok, name: 'ok', color: '#111111', is_ok: false },
        { id: dent, name: 'dent', color: '#222222', is_ok: false },
      ],
    });
    expect(noOk.json().error.code).toBe('CLASS_OK_NG_REQUIRED');
    // Swap two names, drop scratch, add a new class, in a new order.
    const res = await call('PUT', url, headers, {
      classes: [
        { id: dent, name: 'ok', color: '#222222', is_ok: true },
        { name: 'crack', color: '#333333', is_ok: false },
        { id: ok, name: 'dent', color: '#111111', is_ok: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.classes.map((c: { name: string; order: number }) => [c.name, c.order])).toEqual([
      ['ok', 0],
      ['crack', 1],
      ['dent', 2],
    ]);
    expect(d.classes.some((c: { id: number }) => c.id === scratch)).toBe(false);
    expect(d.unclassified_count).toBe(3);
  });

  it('merges classes: images move to the result class', async () => {
    const { headers, id, detail } = await cfDataset();
    const url = `/api/v2/datasets/${id}/classes/merge`;
    const [dent, scratch, ok] = ['dent', 'scratch', 'ok'].map((n) => classId(detail, n));
    expect((await call('POST', url, headers, { class_ids: [dent], name: 'defect' })).json().error.code).toBe(
      'CLASS_MERGE_INVALID',
    );
    expect(
      (await call('POST', url, headers, { class_ids: [dent, dent], name: 'defect' })).json().error.code,
    ).toBe('CLASS_MERGE_INVALID');
    expect(
      (await call('POST', url, headers, { class_ids: [dent, 999999], name: 'defect' })).json().error.code,
    ).toBe('CLASS_NOT_FOUND');
    expect(
      (await call('POST', url, headers, { class_ids: [dent, scratch], name: 'ok' })).json().error.code,
    ).toBe('CLASS_DUPLICATE');
    const res = await call('POST', url, headers, { class_ids: [dent, scratch], name: 'defect' });
    const d = res.json().data;
    expect(
      d.classes.map((c: { name: string; image_count: number }) => [c.name, c.image_count]).sort(),
    ).toEqual([
      ['defect', 3],
      ['ok', 2],
    ]);
    expect(d.class_count).toBe(2);
    void ok;
  });

  it('removes a class: its files go to Unclassified and its boxes are deleted', async () => {
    const { headers, id, detail } = await cfDataset();
    const scratch = classId(detail, 'scratch');
    const imgs = await t.db.select().from(datasetImages).where(eq(datasetImages.classId, scratch));
    expect(imgs).toHaveLength(2);
    await t.db.insert(imageObjects).values(
      imgs.map((i) => ({
        imageId: i.id,
        classId: scratch,
        kind: 'rectangle',
        geometry: { x: 1, y: 1, w: 5, h: 5 },
      })),
    );
    const res = await call('DELETE', `/api/v2/datasets/${id}/classes/${scratch}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.unclassified_count).toBe(3);
    expect(res.json().data.image_count).toBe(6);
    expect(await t.db.select().from(imageObjects).where(eq(imageObjects.imageId, imgs[0]!.id))).toEqual([]);
    const unclassified = await get(headers, `/api/v2/datasets/${id}/images?class_id=none`);
    expect(unclassified.total).toBe(3);
  });

  it('manages classes on cf datasets only', async () => {
    const p = await projectWithMember(t);
    const body = multipart({ project_id: p.project.id, name: 'odset', type: 'od' }, [
      { name: 'a.png', data: (await pngs(1, 88_000))[0]! },
    ]);
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/datasets/upload',
        payload: body.payload,
        headers: { ...p.headers, ...body.headers },
      })
    ).json().data.dataset_id;
    expect(
      (await call('POST', `/api/v2/datasets/${id}/classes`, p.headers, { name: 'x' })).json().error.code,
    ).toBe('CLASSES_ONLY_FOR_CF');
  });
});

describe('images', () => {
  it('filters all / edited / unconfirmed and by folder', async () => {
    const { headers, id, detail } = await cfDataset();
    const all = await get(headers, `/api/v2/datasets/${id}/images?filter=all`);
    await t.db.update(datasetImages).set({ edited: true }).where(eq(datasetImages.id, all.data[0].id));
    await t.db.update(datasetImages).set({ confirmed: true }).where(eq(datasetImages.id, all.data[1].id));
    expect((await get(headers, `/api/v2/datasets/${id}/images?filter=edited`)).total).toBe(1);
    expect((await get(headers, `/api/v2/datasets/${id}/images?filter=unconfirmed`)).total).toBe(5);
    const f2 = detail.folders.find((f: { name: string }) => f.name === 'f2').id;
    expect((await get(headers, `/api/v2/datasets/${id}/images?folder_id=${f2}`)).total).toBe(2);
    expect((await get(headers, `/api/v2/datasets/${id}/images?perPage=4&page=2`)).data).toHaveLength(2);
  });

  it('deletes images with their objects, refused while a performance evaluation locks the dataset', async () => {
    const { headers, id } = await cfDataset();
    const all = await get(headers, `/api/v2/datasets/${id}/images`);
    const ids = all.data.slice(0, 2).map((i: { id: string }) => i.id);
    const keysBefore = await t.keys();
    expect(
      (await call('DELETE', `/api/v2/datasets/${id}/images`, headers, { image_ids: [] })).json().error.code,
    ).toBe('IMAGE_SELECTION_REQUIRED');

    const { locks } = createDatasetServices(t.deps);
    await locks.lock(id, 'inference:1');
    const refused = await call(
      'DELETE',
      `/api/v2/datasets/${id}/images`,
      { ...headers, 'x-locale': 'en' },
      { image_ids: ids },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'IMAGE_DELETE_DURING_VERIFICATION',
      message: 'Images cannot be deleted during performance verification.',
    });
    expect((await get(headers, `/api/v2/datasets/${id}`)).locked).toBe(true);
    expect((await call('DELETE', `/api/v2/datasets/${id}`, headers)).statusCode).toBe(409);
    expect(await t.keys()).toEqual(keysBefore);

    await locks.unlock(id, 'inference:1');
    const ok = await call('DELETE', `/api/v2/datasets/${id}/images`, headers, { image_ids: ids });
    expect(ok.json().data).toEqual({ deleted: 2 });
    expect((await get(headers, `/api/v2/datasets/${id}`)).image_count).toBe(4);
    expect((await t.keys()).length).toBe(keysBefore.length - 4);
  });

  it('deletes a whole dataset with its objects', async () => {
    const { headers, id } = await cfDataset();
    const before = (await t.keys()).length;
    expect((await call('DELETE', `/api/v2/datasets/${id}`, headers)).statusCode).toBe(200);
    expect((await t.keys()).length).toBe(before - 12);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${id}`, headers })).statusCode).toBe(
      404,
    );
  });
});
