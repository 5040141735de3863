// Processing works on real PostgreSQL with a real worker: every §5 rule and message, new labeling,
// merge, copy with per-dataset conflicts, class merge and remove, the edit lock, the final-save lock,
// and a job stopped mid-way leaving its sources untouched (and a rerun starting over).
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetImages, datasets, imageObjects, processingWorkSources, processingWorks } from '@sightline/db';
import { runProcessingWork } from '@sightline/jobs';
import { waitFor, workersStoppedAfterAll } from '../harness';
import { pngs, zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp({ jobs: true });
const workers = workersStoppedAfterAll();
const en = { 'x-locale': 'en' };
let p: Awaited<ReturnType<typeof projectWithMember>>;
let h: Record<string, string>;
let big: number;
let small: number;

async function upload(name: string, items: { name: string; data: Buffer }[]) {
  return uploadDataset(t, h, { project_id: p.project.id, name, type: 'cf' }, [
    { name: `${name}.zip`, data: await zip(items) },
  ]);
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url, payload, headers: { ...headers, ...en } });
const create = (body: object) => api('POST', '/api/v2/processing', { project_id: p.project.id, ...body });
const work = async (id: number) => (await api('GET', `/api/v2/processing/${id}`)).json().data;
const done = (id: number) =>
  waitFor(async () => {
    const w = await work(id);
    if (w.status === 'error') throw new Error(`work ${id} failed: ${w.message}`);
    return w.status === 'done' ? w : null;
  }, 60_000);
const classesOf = async (datasetId: number) =>
  (await api('GET', `/api/v2/datasets/${datasetId}`)).json().data.classes as {
    id: number;
    name: string;
    image_count: number;
  }[];
const snapshot = async (datasetId: number) => ({
  images: await t.db
    .select()
    .from(datasetImages)
    .where(eq(datasetImages.datasetId, datasetId))
    .orderBy(asc(datasetImages.id)),
  objects: (
    await t.db.execute(
      sql`select o.* from image_objects o join dataset_images i on i.id = o.image_id where i.dataset_id = ${datasetId} order by o.id`,
    )
  ).rows,
});

beforeAll(async () => {
  p = await projectWithMember(t);
  h = p.headers;
  const imgs = await pngs(104, 31_000);
  big = await upload(
    'big',
    imgs.slice(0, 100).map((data, i) => ({ name: `${i < 50 ? 'ok' : 'scratch'}/img${i}.png`, data })),
  );
  // small: img0.png is a different image with a name big has; imgs[1] is big's img1 under another name.
  small = await upload('small', [
    { name: 'ok/img0.png', data: imgs[100]! },
    { name: 'dent/twin.png', data: imgs[1]! },
    { name: 'dent/s2.png', data: imgs[101]! },
  ]);
  // A box on one image of big (objects must follow the classes).
  const [img] = await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, big)).limit(1);
  const cls = await classesOf(big);
  await t.db.insert(imageObjects).values({
    imageId: img!.id,
    classId: cls.find((c) => c.name === 'scratch')!.id,
    kind: 'box',
    geometry: { x1: 1, y1: 1, x2: 5, y2: 5 },
  });
  const w = workers.spawn(t.url, {
    DATA_DIR: t.dataDir,
    CACHE_DIR: join(t.dataDir, 'cache'),
    WORK_DIR: join(t.dataDir, 'work'),
  });
  await w.ready(60_000);
}, 180_000);

afterAll(() => undefined);

describe('processing work rules (SPEC §5)', () => {
  it('answers each rule with its code and message', async () => {
    const cases: [object, number, string, string?][] = [
      [{ kind: 'new', name: '', save_dir: 'x1', dataset_id: big }, 400, 'WORK_NAME_REQUIRED'],
      [
        { kind: 'new', name: 'x'.repeat(31), save_dir: 'x1', dataset_id: big },
        400,
        'WORK_NAME_TOO_LONG',
        'A work name may be at most 30 characters.',
      ],
      [
        { kind: 'new', name: 'n', save_dir: 'a b', dataset_id: big },
        400,
        'SAVE_DIR_INVALID',
        "The save directory allows only digits, letters, '_' and '-'.",
      ],
      [
        { kind: 'new', name: 'n', save_dir: 'SMALL', dataset_id: big },
        409,
        'SAVE_DIR_EXISTS',
        'Invalid or duplicate folder name.',
      ],
      [
        { kind: 'new', name: 'n', save_dir: 'x1', dataset_id: small },
        400,
        'LABELING_TOO_FEW_IMAGES',
        'Manual labeling needs at least 100 images. (3 now)',
      ],
      [{ kind: 'merge', name: 'n', save_dir: 'x1', dataset_ids: [big] }, 400, 'MERGE_TOO_FEW_DATASETS'],
      [{ kind: 'merge', name: 'n', save_dir: 'x1', dataset_ids: [big, big] }, 400, 'DATASET_LIST_DUPLICATE'],
      [
        { kind: 'copy', name: 'n', save_dir: 'x1', dataset_ids: [big, small] },
        400,
        'COPY_RESOLUTION_REQUIRED',
        'Choose overwrite or skip for the conflicting files.',
      ],
      [
        { kind: 'class_remove', name: 'n', save_dir: 'x1', dataset_id: big, class_ids: [] },
        400,
        'CLASS_REMOVE_REQUIRED',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (message) expect(res.json().error.message).toBe(message);
    }
    const cls = await classesOf(big);
    const merge1 = await create({
      kind: 'class_merge',
      name: 'n',
      save_dir: 'x1',
      dataset_id: big,
      class_ids: [cls[0]!.id],
      result_name: 'all',
    });
    expect(merge1.json().error.code).toBe('CLASS_MERGE_INVALID');
    // Nothing was created by the refused requests.
    expect((await api('GET', `/api/v2/processing?project_id=${p.project.id}`)).json().data.total).toBe(0);
  });
});

describe('processing works', () => {
  let labeling: { id: number; result_dataset_id: number };

  it('new labeling copies the dataset into its save directory; the work name is unique', async () => {
    const res = await create({ kind: 'new', name: 'Label 1', save_dir: 'label1', dataset_id: big });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'new',
      task: 'cf',
      status: 'waiting',
      availability: 'available',
    });
    const w = await done(res.json().data.id);
    expect(w).toMatchObject({
      image_count: 100,
      progress: 100,
      sources: [{ dataset_id: big, dataset_name: 'big' }],
    });
    labeling = w;
    expect((await classesOf(w.result_dataset_id)).map((c) => [c.name, c.image_count])).toEqual([
      ['ok', 50],
      ['scratch', 50],
    ]);
    const again = await create({ kind: 'new', name: 'label 1', save_dir: 'label2', dataset_id: big });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'WORK_NAME_EXISTS',
      message: 'Work name already registered.',
    });
    const list = (await api('GET', `/api/v2/processing?project_id=${p.project.id}`)).json().data;
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['Label 1']);
    const byStatus = async (status: string) =>
      (await api('GET', `/api/v2/processing?project_id=${p.project.id}&status=${status}`)).json().data.total;
    expect([await byStatus('done'), await byStatus('waiting')]).toEqual([1, 0]);
  }, 90_000);

  it('merge stores each image once and unions the classes', async () => {
    const res = await create({
      kind: 'merge',
      name: 'Merged',
      save_dir: 'merged',
      dataset_ids: [big, small],
    });
    expect(res.statusCode, res.body).toBe(201);
    const w = await done(res.json().data.id);
    // small's twin.png has big's img1 content and its img0.png big's name: both kept once.
    expect(w.image_count).toBe(101);
    expect(w.result).toMatchObject({ skipped: 2 });
    expect((await classesOf(w.result_dataset_id)).map((c) => c.name)).toEqual(['ok', 'scratch', 'dent']);
  }, 90_000);

  it('copy resolves conflicts per dataset (overwrite) and reports them first', async () => {
    const conflicts = (
      await api('GET', `/api/v2/processing/copy-conflicts?dataset_ids=${big},${small}`)
    ).json().data;
    expect(conflicts).toEqual([
      { dataset_id: small, dataset_name: 'small', conflicts: 2, sample: ['img0.png', 'twin.png'] },
    ]);
    const res = await create({
      kind: 'copy',
      name: 'Copied',
      save_dir: 'copied',
      dataset_ids: [big, small],
      conflicts: { [small]: 'overwrite' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const w = await done(res.json().data.id);
    expect(w.result).toMatchObject({ overwritten: 2 });
    expect(w.sources.map((s: { resolution: string | null }) => s.resolution)).toEqual([null, 'overwrite']);
    const rows = await t.db
      .select()
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, w.result_dataset_id));
    expect(rows).toHaveLength(101);
    const [smallImg0] = await t.db
      .select()
      .from(datasetImages)
      .where(sql`${datasetImages.datasetId} = ${small} and ${datasetImages.fileName} = 'img0.png'`);
    expect(rows.find((r) => r.fileName === 'img0.png')!.sha256).toBe(smallImg0!.sha256);

    const skip = await create({
      kind: 'copy',
      name: 'Copied2',
      save_dir: 'copied2',
      dataset_ids: [big, small],
      all: 'skip',
    });
    const w2 = await done(skip.json().data.id);
    expect(w2.result).toMatchObject({ skipped: 2, overwritten: 0 });
  }, 90_000);

  it('class merge and class remove (files → Unclassified, their boxes deleted)', async () => {
    const cls = await classesOf(big);
    const ok = cls.find((c) => c.name === 'ok')!.id;
    const scratch = cls.find((c) => c.name === 'scratch')!.id;
    const dup = await create({
      kind: 'class_merge',
      name: 'cm',
      save_dir: 'cm',
      dataset_id: big,
      class_ids: [ok, scratch],
      result_name: '',
    });
    expect(dup.json().error.code).toBe('CLASS_NAME_REQUIRED');
    const m = await done(
      (
        await create({
          kind: 'class_merge',
          name: 'cm',
          save_dir: 'cm',
          dataset_id: big,
          class_ids: [ok, scratch],
          result_name: 'all',
        })
      ).json().data.id,
    );
    expect((await classesOf(m.result_dataset_id)).map((c) => [c.name, c.image_count])).toEqual([
      ['all', 100],
    ]);
    const [box] = await t.db
      .select({ classId: imageObjects.classId })
      .from(imageObjects)
      .innerJoin(datasetImages, eq(datasetImages.id, imageObjects.imageId))
      .where(eq(datasetImages.datasetId, m.result_dataset_id));
    expect(box!.classId).toBe((await classesOf(m.result_dataset_id))[0]!.id);

    const r = await done(
      (
        await create({
          kind: 'class_remove',
          name: 'cr',
          save_dir: 'cr',
          dataset_id: big,
          class_ids: [scratch],
        })
      ).json().data.id,
    );
    const detail = (await api('GET', `/api/v2/datasets/${r.result_dataset_id}`)).json().data;
    expect(detail.classes.map((c: { name: string }) => c.name)).toEqual(['ok']);
    expect(r.image_count).toBe(100);
    const unclassified = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(datasetImages)
      .where(sql`${datasetImages.datasetId} = ${r.result_dataset_id} and ${datasetImages.classId} is null`);
    expect(unclassified[0]!.n).toBe(50);
    const boxes = await t.db.execute(
      sql`select 1 from image_objects o join dataset_images i on i.id = o.image_id where i.dataset_id = ${r.result_dataset_id}`,
    );
    expect(boxes.rows).toHaveLength(0);
  }, 90_000);

  it('edit lock: in use by me / by someone; final save locks edits and classes', async () => {
    const other = await t.factory.user({
      roleId: 4,
      companyId: p.company.id,
      projects: { [p.project.id]: [1] },
    });
    const oh = await t.loginAs(other);
    const id = labeling.id;
    const locked = await api('POST', `/api/v2/processing/${id}/lock`);
    expect(locked.json().data.availability).toBe('in_use_me');
    expect((await work(id)).availability).toBe('in_use_me');
    const theirs = (await api('GET', `/api/v2/processing/${id}`, undefined, oh)).json().data;
    expect(theirs).toMatchObject({ availability: 'in_use_other', locked_by_name: p.user.name });
    const refused = await api('POST', `/api/v2/processing/${id}/lock`, undefined, oh);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('WORK_IN_USE');

    const [img] = await t.db
      .select()
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, labeling.result_dataset_id))
      .limit(1);
    const url = `/api/v2/datasets/${labeling.result_dataset_id}/images/${img!.id}/annotation`;
    const doc = { version: 2, label: null, objects: [], regions: [] };
    expect((await api('PUT', url, { rev: 0, document: doc }, oh)).json().error.code).toBe('WORK_IN_USE');
    expect((await api('PUT', url, { rev: 0, document: doc })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/v2/processing/${id}`, undefined, oh)).json().error.code).toBe(
      'WORK_IN_USE',
    );

    // Class dialogs on the work.
    const cls = (await api('GET', `/api/v2/processing/${id}/classes`)).json().data;
    const edited = await api('PUT', `/api/v2/processing/${id}/classes`, {
      classes: [
        ...cls.map((c: { id: number; name: string; color: string }) => ({ ...c, is_ok: c.name === 'ok' })),
        { name: 'dent', color: '#123456', is_ok: false },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.map((c: { name: string }) => c.name)).toEqual(['ok', 'scratch', 'dent']);
    const noOk = await api('PUT', `/api/v2/processing/${id}/classes`, {
      classes: cls.map((c: { id: number; name: string; color: string }) => ({ ...c, is_ok: false })),
    });
    expect(noOk.json().error.code).toBe('CLASS_OK_NG_REQUIRED');

    const fin = await api('POST', `/api/v2/processing/${id}/final-save`);
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data).toMatchObject({ final_saved: true, availability: 'available' });
    const after = await api('PUT', url, { rev: 1, document: doc });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toMatchObject({
      code: 'WORK_FINAL_SAVED',
      message: 'This labeling was saved as final and is locked. Use copy labeling to change it.',
    });
    expect((await api('POST', `/api/v2/processing/${id}/lock`)).json().error.code).toBe('WORK_FINAL_SAVED');
    expect((await api('DELETE', `/api/v2/processing/${id}/classes/${cls[0].id}`)).json().error.code).toBe(
      'WORK_FINAL_SAVED',
    );

    // Copy labeling: the final result goes on as a new work.
    const copy = await create({
      kind: 'copy',
      name: 'Label 1 copy',
      save_dir: 'label1copy',
      dataset_ids: [labeling.result_dataset_id],
    });
    const c = await done(copy.json().data.id);
    expect(c).toMatchObject({ image_count: 100, final_saved: false });
    expect((await api('POST', `/api/v2/processing/${c.id}/lock`)).statusCode).toBe(200);
  }, 90_000);

  it('a copied image keeps its row, its objects in order and its stored masks under its own keys', async () => {
    const imgs = await pngs(3, 77_000);
    const src = await upload(
      'masked',
      imgs.map((data, i) => ({ name: `${i ? 'ok' : 'scratch'}/m${i}.png`, data })),
    );
    const cls = await classesOf(src);
    const scratch = cls.find((c) => c.name === 'scratch')!.id;
    const ok = cls.find((c) => c.name === 'ok')!.id;
    const rowsOf = (datasetId: number) =>
      t.db
        .select()
        .from(datasetImages)
        .where(eq(datasetImages.datasetId, datasetId))
        .orderBy(asc(datasetImages.fileName));
    const [m0, m1] = await rowsOf(src);
    await t.db
      .update(datasetImages)
      .set({ edited: true, confirmed: true, classScore: 0.25 })
      .where(eq(datasetImages.id, m1!.id));
    const maskKey = `images/${m0!.id}/mask-0.png`;
    await t.storage.put(maskKey, imgs[0]!);
    // The two masks get ids across a power of ten (…99, …100), so an order by their text would swap them.
    const top = (
      await t.db.execute<{ n: string }>(sql`select coalesce(max(id), 0)::text as n from image_objects`)
    ).rows[0]!.n;
    const boundary = 10n ** BigInt(String(BigInt(top) + 3n).length);
    await t.db.execute(
      sql`select setval(pg_get_serial_sequence('image_objects', 'id'), ${String(boundary - 3n)}::bigint)`,
    );
    // Interleaved kinds and classes: the copy keeps this order; the scratch mask goes with class remove.
    await t.db.insert(imageObjects).values([
      { imageId: m0!.id, classId: ok, kind: 'box', geometry: { x1: 1, y1: 2, x2: 3, y2: 4 } },
      { imageId: m0!.id, classId: scratch, kind: 'mask', geometry: { key: maskKey, x: 0, y: 0 } },
      { imageId: m0!.id, classId: ok, kind: 'mask', geometry: { key: maskKey, x: 1, y: 1 } },
      { imageId: m0!.id, classId: null, kind: 'polygon', geometry: { points: [0, 0, 4, 0, 4, 4] } },
      { imageId: m1!.id, classId: scratch, kind: 'box', geometry: { x1: 5, y1: 5, x2: 9, y2: 9 } },
    ]);
    const objectsOf = async (datasetId: number) =>
      (
        await t.db.execute<{ file_name: string; class_name: string | null; kind: string; geometry: object }>(
          sql`select i.file_name, c.name as class_name, o.kind, o.geometry from image_objects o
              join dataset_images i on i.id = o.image_id left join dataset_classes c on c.id = o.class_id
              where i.dataset_id = ${datasetId} order by i.file_name, o.id`,
        )
      ).rows;
    const before = await objectsOf(src);

    const copied = await done(
      (await create({ kind: 'copy', name: 'masked copy', save_dir: 'maskedcopy', dataset_ids: [src] })).json()
        .data.id,
    );
    const [c0, c1] = await rowsOf(copied.result_dataset_id);
    const pick = (r: typeof c0) => {
      const { id: _id, datasetId: _d, folderId: _f, classId: _c, createdAt: _a, updatedAt: _u, ...rest } = r!;
      return rest;
    };
    expect([pick(c0), pick(c1)]).toEqual([
      pick(m0),
      { ...pick(m1), edited: true, confirmed: true, classScore: 0.25 },
    ]);
    const after = await objectsOf(copied.result_dataset_id);
    const newKey = (n: number) => `images/${c0!.id}/mask-${n}.png`;
    expect(after).toEqual(
      before.map((o, i) =>
        i === 1 || i === 2 ? { ...o, geometry: { ...o.geometry, key: newKey(i - 1) } } : o,
      ),
    );
    for (const n of [0, 1]) expect((await t.storage.stat(newKey(n)))?.size).toBe(imgs[0]!.length);

    // Class remove drops the scratch objects (and its mask): the ok mask is the image's first.
    const removed = await done(
      (
        await create({
          kind: 'class_remove',
          name: 'masked cr',
          save_dir: 'maskedcr',
          dataset_id: src,
          class_ids: [scratch],
        })
      ).json().data.id,
    );
    const [r0] = await rowsOf(removed.result_dataset_id);
    expect(await objectsOf(removed.result_dataset_id)).toEqual([
      before[0],
      { ...before[2]!, geometry: { key: `images/${r0!.id}/mask-0.png`, x: 1, y: 1 } },
      before[3],
    ]);
    expect(await t.storage.stat(`images/${r0!.id}/mask-1.png`)).toBeNull();
  }, 90_000);

  it('a job stopped mid-way leaves its sources untouched; a rerun starts over', async () => {
    const before = await snapshot(big);
    const [ds] = await t.db
      .insert(datasets)
      .values({ projectId: p.project.id, name: 'killed', type: 'cf' })
      .returning();
    const [w] = await t.db
      .insert(processingWorks)
      .values({
        projectId: p.project.id,
        name: 'killed',
        kind: 'new',
        task: 'cf',
        saveDir: 'killed',
        resultDatasetId: ds!.id,
      })
      .returning();
    await t.db
      .insert(processingWorkSources)
      .values({ workId: w!.id, position: 0, datasetId: big, datasetName: 'big' });
    const ac = new AbortController();
    let calls = 0;
    await expect(
      runProcessingWork({
        db: t.db,
        storage: t.storage,
        workId: w!.id,
        batch: 10,
        signal: ac.signal,
        progress: async () => {
          if (++calls === 3) ac.abort(new Error('killed'));
        },
      }),
    ).rejects.toThrow('killed');
    const partial = await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, ds!.id));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(100);
    const [row] = await t.db.select().from(processingWorks).where(eq(processingWorks.id, w!.id));
    expect(row).toMatchObject({ status: 'error', errorCode: 'IMAGE_COPY_FAILED' });
    expect(await snapshot(big)).toEqual(before);
    for (const img of before.images) expect(await t.storage.stat(`images/${img.id}/original`)).not.toBeNull();

    const res = await runProcessingWork({
      db: t.db,
      storage: t.storage,
      workId: w!.id,
      progress: async () => undefined,
    });
    expect(res.images).toBe(100);
    expect(await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, ds!.id))).toHaveLength(
      100,
    );
    expect(await snapshot(big)).toEqual(before);
  }, 90_000);
});
