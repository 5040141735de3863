// Annotated zips through the real upload API (real PostgreSQL, local-disk storage): od (YOLO, Pascal
// VOC, COCO), sg (images/ + masks/<class>/) and ad (MVTec-like) become images, classes and
// image_objects; materializeDataset then gives the engine a dataset that validateDataset accepts and
// whose boxes and masks are the zip's. Bad label files are refused with the file named.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { datasetClasses, datasetImages, datasets, imageObjects } from '@sightline/db';
import { collectStorageGarbage, materializeDataset } from '@sightline/jobs';
import { validateDataset } from '@sightline/vision';
import { zip, type ZipItem } from './fixtures';
import { postUpload, projectWithMember, setupDatasetApp } from './harness';

const t = setupDatasetApp();
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function cacheDir() {
  const d = await mkdtemp(join(tmpdir(), 'sightline-ann-test-'));
  dirs.push(d);
  return d;
}

/** A w×h RGB PNG unique per seed. */
function img(seed: number, w = 40, h = 30): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3, (seed * 53) % 256);
  raw.writeUInt32BE(seed >>> 0, 0);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

/** A binary mask PNG (white rows from..to) of w×h. */
function mask(from: number, to: number, w = 40, h = 30): Promise<Buffer> {
  const raw = Buffer.alloc(w * h, 0);
  raw.fill(255, from * w, to * w);
  return sharp(raw, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
}

const text = (s: string) => Buffer.from(s);

async function upload(
  headers: object,
  fields: Record<string, string | number>,
  zipName: string,
  items: ZipItem[],
  locale = 'en',
) {
  return postUpload(t, { ...headers, 'x-locale': locale }, fields, [
    { name: zipName, data: await zip(items) },
  ]);
}

async function rowsOf(datasetId: number) {
  const classes = await t.db
    .select()
    .from(datasetClasses)
    .where(eq(datasetClasses.datasetId, datasetId))
    .orderBy(asc(datasetClasses.sortOrder));
  const images = await t.db
    .select()
    .from(datasetImages)
    .where(eq(datasetImages.datasetId, datasetId))
    .orderBy(asc(datasetImages.fileName));
  const objects = await t.db
    .select({
      imageId: imageObjects.imageId,
      classId: imageObjects.classId,
      kind: imageObjects.kind,
      geometry: imageObjects.geometry,
    })
    .from(imageObjects)
    .innerJoin(datasetImages, eq(datasetImages.id, imageObjects.imageId))
    .where(eq(datasetImages.datasetId, datasetId))
    .orderBy(asc(imageObjects.id));
  const className = (id: number | null) => classes.find((c) => c.id === id)?.name;
  const fileOf = (id: string) => images.find((i) => i.id === id)!.fileName;
  return { classes, images, objects, className, fileOf };
}

/** Materialised boxes per image file name, with class names instead of indexes. */
async function materialBoxes(datasetId: number) {
  const out = await materializeDataset(
    { db: t.db, storage: t.storage, cacheDir: await cacheDir() },
    datasetId,
    { purpose: 'train' },
  );
  expect(() => validateDataset(out.dataset)).not.toThrow();
  const { fileOf } = await rowsOf(datasetId);
  return Object.fromEntries(
    out.dataset.items.map((it, i) => [
      fileOf(out.imageIds[i]!),
      (it.boxes ?? []).map((b) => [out.dataset.classes[b.classIndex]!.name, b.x1, b.y1, b.x2, b.y2]),
    ]),
  );
}

describe('annotated od upload', () => {
  it('YOLO (images/, labels/, classes.txt): classes in classes.txt order, boxes in pixels, unlabelled images kept', async () => {
    const { project, headers } = await projectWithMember(t);
    const [a, b] = [await img(1), await img(2)];
    const res = await upload(headers, { project_id: project.id, name: 'yolo', type: 'od' }, 'yolo set.zip', [
      { name: 'images/a.png', data: a },
      { name: 'images/b.png', data: b },
      { name: 'labels/a.txt', data: text('0 0.5 0.5 0.25 0.5\n1 0.25 0.2 0.1 0.2\n') },
      { name: 'classes.txt', data: text('scratch\ndent\n') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json().data;
    expect(out).toMatchObject({
      created: true,
      stored: 2,
      folders: ['yoloset'],
      classes: ['scratch', 'dent'],
    });
    const r = await rowsOf(out.dataset_id);
    expect(r.classes.map((c) => [c.name, c.isOk])).toEqual([
      ['scratch', false],
      ['dent', false],
    ]);
    expect(r.objects.map((o) => [r.fileOf(o.imageId), r.className(o.classId), o.kind, o.geometry])).toEqual([
      ['a.png', 'scratch', 'box', { x1: 15, y1: 7.5, x2: 25, y2: 22.5 }],
      ['a.png', 'dent', 'box', { x1: 8, y1: 3, x2: 12, y2: 9 }],
    ]);
    const boxes = await materialBoxes(out.dataset_id);
    expect(boxes).toEqual({
      'a.png': [
        ['scratch', 15, 7.5, 25, 22.5],
        ['dent', 8, 3, 12, 9],
      ],
      'b.png': [],
    });
  });

  it('Pascal VOC xml and COCO json, also inside one wrapping folder; labels into an existing dataset reuse its classes', async () => {
    const { project, headers } = await projectWithMember(t);
    const voc = (name: string, box: number[]) =>
      text(
        `<annotation><filename>x</filename><object><name>${name}</name><bndbox><xmin>${box[0]}</xmin><ymin>${box[1]}</ymin><xmax>${box[2]}</xmax><ymax>${box[3]}</ymax></bndbox></object></annotation>`,
      );
    const res = await upload(headers, { project_id: project.id, name: 'voc', type: 'od' }, 'voc.zip', [
      { name: 'set/images/p.png', data: await img(10) },
      { name: 'set/images/q.png', data: await img(11) },
      { name: 'set/annotations/p.xml', data: voc('dent', [1, 2, 10, 20]) },
      { name: 'set/annotations/q.xml', data: voc('crack', [5, 5, 6, 6]) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.dataset_id;
    expect(res.json().data.classes).toEqual(['crack', 'dent']);
    expect(await materialBoxes(id)).toEqual({
      'p.png': [['dent', 1, 2, 10, 20]],
      'q.png': [['crack', 5, 5, 6, 6]],
    });

    const coco = {
      images: [
        { id: 7, file_name: 'r.png' },
        { id: 8, file_name: 'not-in-zip.png' },
      ],
      annotations: [
        { image_id: 7, category_id: 2, bbox: [3, 4, 10, 5] },
        { image_id: 8, category_id: 1, bbox: [0, 0, 1, 1] },
      ],
      categories: [
        { id: 1, name: 'Dent' },
        { id: 2, name: 'hole mark' },
      ],
    };
    const more = await upload(headers, { project_id: project.id, dataset_id: id }, 'coco.zip', [
      { name: 'images/r.png', data: await img(12) },
      { name: 'instances.json', data: text(JSON.stringify(coco)) },
    ]);
    expect(more.statusCode, more.body).toBe(201);
    // 'Dent' is the existing 'dent'; 'hole mark' becomes a valid class name.
    expect(more.json().data.classes).toEqual(['hole_mark']);
    const boxes = await materialBoxes(id);
    expect(boxes['r.png']).toEqual([['hole_mark', 3, 4, 13, 9]]);
    expect(Object.keys(boxes).sort()).toEqual(['p.png', 'q.png', 'r.png']);
  });

  it('refuses bad label files with the file named (en and ko), storing nothing', async () => {
    const { project, headers } = await projectWithMember(t);
    const before = await t.keys();
    const a = await img(20);
    const cases: [ZipItem[], string, string][] = [
      [
        [
          { name: 'images/a.png', data: a },
          { name: 'labels/a.txt', data: text('5 0.5 0.5 0.1 0.1\n') },
          { name: 'classes.txt', data: text('scratch\n') },
        ],
        'LABEL_FILE_INVALID',
        'bad.zip: labels/a.txt',
      ],
      [
        [
          { name: 'images/a.png', data: a },
          { name: 'labels/a.txt', data: text('0 0.5 0.5 0.1 0.1\n') },
        ],
        'LABEL_FILE_INVALID',
        'bad.zip: classes.txt',
      ],
      [
        [
          { name: 'a.png', data: a },
          { name: 'a.xml', data: text('<annotation><object><name>x</name></object>') },
        ],
        'LABEL_FILE_INVALID',
        'bad.zip: a.xml',
      ],
      [
        [
          { name: 'images/a.png', data: a },
          { name: 'coco.json', data: text('{"images": [') },
        ],
        'LABEL_FILE_INVALID',
        'bad.zip: coco.json',
      ],
    ];
    for (const [items, code, file] of cases) {
      const res = await upload(
        headers,
        { project_id: project.id, name: 'bad', type: 'od' },
        'bad.zip',
        items,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toBe(
        `A label file cannot be read or is not in a supported format: ${file}`,
      );
    }
    const ko = await upload(
      headers,
      { project_id: project.id, name: 'bad', type: 'od' },
      'bad.zip',
      cases[0]![0],
      'ko',
    );
    expect(ko.json().error.message).toBe(
      '라벨 파일을 읽을 수 없거나 형식이 올바르지 않습니다: bad.zip: labels/a.txt',
    );
    expect(await t.keys()).toEqual(before);
    expect(
      await t.db.select({ id: datasets.id }).from(datasets).where(eq(datasets.projectId, project.id)),
    ).toEqual([]);
  });
});

describe('annotated sg upload', () => {
  it('images/ + masks/<class>/: mask PNGs stored and referenced from image_objects; materialised masks are the zip bytes', async () => {
    const { project, headers } = await projectWithMember(t);
    const [a, b] = [await img(30), await img(31)];
    const [crackA, holeA, holeB] = [await mask(2, 5), await mask(10, 20), await mask(0, 1)];
    const res = await upload(headers, { project_id: project.id, name: 'seg', type: 'sg' }, 'seg.zip', [
      { name: 'images/a.png', data: a },
      { name: 'images/b.png', data: b },
      { name: 'masks/crack/a.png', data: crackA },
      { name: 'masks/hole/a.png', data: holeA },
      { name: 'masks/hole/b.png', data: holeB },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json().data;
    expect(out).toMatchObject({ stored: 2, classes: ['crack', 'hole'] });
    const r = await rowsOf(out.dataset_id);
    expect(r.images.map((i) => i.fileName)).toEqual(['a.png', 'b.png']);
    // Objects of one image keep their label order; images come in any order.
    const byFile = r.objects.map((o) => [r.fileOf(o.imageId), r.className(o.classId), o.kind]);
    expect(byFile.sort((x, y) => x[0]!.localeCompare(y[0]!))).toEqual([
      ['a.png', 'crack', 'mask'],
      ['a.png', 'hole', 'mask'],
      ['b.png', 'hole', 'mask'],
    ]);
    for (const o of r.objects) {
      const g = o.geometry as { key: string; width: number; height: number };
      expect(g).toMatchObject({ width: 40, height: 30 });
      expect(g.key).toMatch(new RegExp(`^images/${o.imageId}/mask-\\d\\.png$`));
      expect(await t.storage.stat(g.key)).not.toBeNull();
    }

    const m = await materializeDataset(
      { db: t.db, storage: t.storage, cacheDir: await cacheDir() },
      out.dataset_id,
      { purpose: 'train' },
    );
    expect(() => validateDataset(m.dataset)).not.toThrow();
    expect(m.dataset.classes.map((c) => c.name)).toEqual(['crack', 'hole']);
    const expected: Record<string, [string, Buffer][]> = {
      'a.png': [
        ['crack', crackA],
        ['hole', holeA],
      ],
      'b.png': [['hole', holeB]],
    };
    for (const [i, item] of m.dataset.items.entries()) {
      expect((await readFile(item.path)).equals(r.fileOf(m.imageIds[i]!) === 'a.png' ? a : b)).toBe(true);
      const want = expected[r.fileOf(m.imageIds[i]!)]!;
      expect(item.masks!.map((x) => m.dataset.classes[x.classIndex]!.name)).toEqual(want.map((w) => w[0]));
      for (const [j, x] of item.masks!.entries())
        expect((await readFile(x.path)).equals(want[j]![1])).toBe(true);
    }
  });

  it('storage GC removes the masks of a deleted dataset with its images', async () => {
    const { project, headers } = await projectWithMember(t);
    const res = await upload(headers, { project_id: project.id, name: 'seggc', type: 'sg' }, 'seggc.zip', [
      { name: 'images/a.png', data: await img(35) },
      { name: 'masks/crack/a.png', data: await mask(1, 2) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = (await rowsOf(res.json().data.dataset_id)).images;
    const prefix = `images/${image!.id}/`;
    expect((await t.keys()).filter((k) => k.startsWith(prefix))).toEqual([
      `${prefix}mask-0.png`,
      `${prefix}original`,
      `${prefix}thumb.webp`,
    ]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/datasets/${res.json().data.dataset_id}`,
      headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    await collectStorageGarbage(t.db, t.storage, { minAgeMs: 0, now: Date.now() + 1000 });
    expect((await t.keys()).filter((k) => k.startsWith(prefix))).toEqual([]);
  });

  it('refuses a mask whose size is not its image size, and leaves no object behind', async () => {
    const { project, headers } = await projectWithMember(t);
    const before = await t.keys();
    const res = await upload(headers, { project_id: project.id, name: 'segbad', type: 'sg' }, 'segbad.zip', [
      { name: 'images/a.png', data: await img(40) },
      { name: 'masks/crack/a.png', data: await mask(0, 3, 20, 20) },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'LABEL_MASK_SIZE',
      message: 'A mask does not have the size of its image: segbad.zip: masks/crack/a.png',
    });
    expect(await t.keys()).toEqual(before);
  });
});

describe('annotated ad upload', () => {
  it('MVTec layout (train/good, test/good, test/<defect>, ground_truth masks, notes): good is OK; train = OK images, eval = all with masks', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await Promise.all([50, 51, 52, 53, 54].map((s) => img(s)));
    const crackMask = await mask(5, 9);
    const res = await upload(headers, { project_id: project.id, name: 'bottle', type: 'ad' }, 'bottle.zip', [
      { name: 'bottle/license.txt', data: text('CC BY-NC-SA') },
      { name: 'bottle/train/good/000.png', data: imgs[0]! },
      { name: 'bottle/train/good/001.png', data: imgs[1]! },
      { name: 'bottle/test/good/000.png', data: imgs[2]! },
      { name: 'bottle/test/crack/000.png', data: imgs[3]! },
      { name: 'bottle/test/crack/001.png', data: imgs[4]! },
      { name: 'bottle/ground_truth/crack/000_mask.png', data: crackMask },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json().data;
    expect(out).toMatchObject({ stored: 5, classes: ['good', 'crack'] });
    expect(out.folders.sort()).toEqual(['test', 'train']);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${out.dataset_id}`, headers })
    ).json().data;
    expect(detail).toMatchObject({ type: 'ad', image_count: 5, class_problems: [] });
    const r = await rowsOf(out.dataset_id);
    expect(r.classes.map((c) => [c.name, c.isOk])).toEqual([
      ['good', true],
      ['crack', false],
    ]);
    expect(r.objects).toHaveLength(1);
    expect(r.className(r.objects[0]!.classId)).toBe('crack');

    const deps = { db: t.db, storage: t.storage, cacheDir: await cacheDir() };
    const train = await materializeDataset(deps, out.dataset_id, { purpose: 'train' });
    expect(train.dataset.task).toBe('ad');
    expect(() => validateDataset(train.dataset)).not.toThrow();
    const trainBytes = await Promise.all(train.dataset.items.map((it) => readFile(it.path)));
    expect(trainBytes.map((b) => imgs.findIndex((x) => x.equals(b))).sort()).toEqual([0, 1, 2]);
    expect(train.dataset.items.every((it) => it.anomalous === false)).toBe(true);

    const ev = await materializeDataset(deps, out.dataset_id, { purpose: 'eval' });
    expect(() => validateDataset(ev.dataset)).not.toThrow();
    const seen = await Promise.all(
      ev.dataset.items.map(async (it) => [
        imgs.findIndex((x) => x.equals(readFileSync(it.path))),
        it.anomalous,
        it.maskPath ? (await readFile(it.maskPath)).equals(crackMask) : null,
      ]),
    );
    expect(seen.sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [0, false, null],
      [1, false, null],
      [2, false, null],
      [3, true, true],
      [4, true, null],
    ]);
  });

  it('good/ + defect folders at the zip root; the ad type is chosen like any other', async () => {
    const { project, headers } = await projectWithMember(t);
    const res = await upload(headers, { project_id: project.id, name: 'pcb', type: 'ad' }, 'pcb.zip', [
      { name: 'good/a.png', data: await img(60) },
      { name: 'scratch/b.png', data: await img(61) },
      { name: 'ground_truth/scratch/b.png', data: await mask(0, 2) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const r = await rowsOf(res.json().data.dataset_id);
    expect(r.classes.map((c) => [c.name, c.isOk])).toEqual([
      ['good', true],
      ['scratch', false],
    ]);
    expect(r.objects.map((o) => [r.fileOf(o.imageId), r.className(o.classId), o.kind])).toEqual([
      ['b.png', 'scratch', 'mask'],
    ]);
    const ev = await materializeDataset(
      { db: t.db, storage: t.storage, cacheDir: await cacheDir() },
      res.json().data.dataset_id,
      { purpose: 'eval' },
    );
    expect(ev.dataset.items.map((it) => [it.anomalous, Boolean(it.maskPath)])).toEqual([
      [false, false],
      [true, true],
    ]);
  });
});
