// Dataset rows → VisionDataset through the content-hash cache (packages/jobs materializeDataset), on
// real PostgreSQL and local-disk storage: a cf dataset uploaded through the API.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import { datasetClasses, datasetImages, imageObjects } from '@sightline/db';
import { materializeDataset, MaterializeError } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { validateDataset } from '@sightline/vision';
import { pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from './harness';

const t = setupDatasetApp();
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function cacheDir() {
  const d = await mkdtemp(join(tmpdir(), 'sightline-mat-test-'));
  dirs.push(d);
  return d;
}

/** The storage with a count of get() calls. */
function counting(storage: Storage) {
  const counter = { gets: 0 };
  const wrapped: Storage = Object.create(storage);
  wrapped.get = (key) => {
    counter.gets++;
    return storage.get(key);
  };
  return { storage: wrapped, counter };
}

async function uploadZip(
  headers: Record<string, string>,
  projectId: number,
  name: string,
  type: string,
  items: { name: string; data: Buffer }[],
) {
  return uploadDataset(t, headers, { project_id: projectId, name, type }, [
    { name: `${name}.zip`, data: await zip(items) },
  ]);
}

describe('materializeDataset (cf)', () => {
  it('gives classes with OK flags, labelled items whose paths hold the stored bytes, and reuses the cache', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(5, 7000);
    const id = await uploadZip(headers, project.id, 'cfmat', 'cf', [
      { name: 'ok/a.png', data: imgs[0]! },
      { name: 'ok/b.png', data: imgs[1]! },
      { name: 'scratch/c.png', data: imgs[2]! },
      { name: 'dent/d.png', data: imgs[3]! },
      { name: 'e.png', data: imgs[4]! }, // unclassified: left out
    ]);
    await t.db
      .update(datasetClasses)
      .set({ isOk: true })
      .where(and(eq(datasetClasses.datasetId, id), eq(datasetClasses.name, 'ok')));
    const dir = await cacheDir();
    const { storage, counter } = counting(t.storage);
    const progress: [number, number][] = [];
    const out = await materializeDataset({ db: t.db, storage, cacheDir: dir }, id, {
      purpose: 'train',
      onProgress: (d, n) => progress.push([d, n]),
    });
    expect(out.dataset.task).toBe('cf');
    expect(out.dataset.classes).toEqual([
      { name: 'ok', ok: true },
      { name: 'scratch', ok: false },
      { name: 'dent', ok: false },
    ]);
    expect(out.dataset.items).toHaveLength(4);
    expect(out.imageIds).toHaveLength(4);
    expect(() => validateDataset(out.dataset)).not.toThrow();
    // Each item's file is the uploaded file of its image id, under objects/<sha[0:2]>/<sha>.png.
    const byName = new Map<string, number>([
      ['a.png', 0],
      ['b.png', 1],
      ['c.png', 2],
      ['d.png', 3],
    ]);
    const images = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${id}/images?page_size=50`, headers })
    ).json().data.data as {
      id: string;
      file_name: string;
      hash: string;
    }[];
    for (const [i, item] of out.dataset.items.entries()) {
      const img = images.find((x) => x.id === out.imageIds[i])!;
      expect(item.path).toBe(join(dir, 'objects', img.hash.slice(0, 2), `${img.hash}.png`));
      expect((await readFile(item.path)).equals(imgs[byName.get(img.file_name)!]!)).toBe(true);
      const expectedClass = { 'a.png': 'ok', 'b.png': 'ok', 'c.png': 'scratch', 'd.png': 'dent' }[
        img.file_name
      ];
      expect(out.dataset.classes[item.label!]!.name).toBe(expectedClass);
    }
    expect(progress.at(0)).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(counter.gets).toBe(4);

    // Second run: everything from the cache, the same dataset; no tmp files left behind.
    const again = await materializeDataset({ db: t.db, storage, cacheDir: dir }, id, { purpose: 'eval' });
    expect(counter.gets).toBe(4);
    expect(again).toEqual(out);
    const shards = await readdir(join(dir, 'objects'));
    const files = (await Promise.all(shards.map((s) => readdir(join(dir, 'objects', s))))).flat();
    expect(files).toHaveLength(4);
    expect(files.every((f) => /^[0-9a-f]{64}\.png$/.test(f))).toBe(true);

    // okClasses override the is_ok flags.
    const over = await materializeDataset({ db: t.db, storage, cacheDir: dir }, id, {
      purpose: 'train',
      okClasses: ['OK', 'dent'],
    });
    expect(over.dataset.classes.map((c) => c.ok)).toEqual([true, false, true]);
  });

  it('is safe when several runs fill the same cache at once, and stops on abort', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(12, 7100);
    const id = await uploadZip(
      headers,
      project.id,
      'cfrace',
      'cf',
      imgs.map((d, i) => ({ name: `${i % 2 ? 'ng' : 'ok'}/${i}.png`, data: d })),
    );
    const dir = await cacheDir();
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        materializeDataset({ db: t.db, storage: t.storage, cacheDir: dir }, id, { purpose: 'train' }),
      ),
    );
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
    const contents = await Promise.all(runs[0]!.dataset.items.map((it) => readFile(it.path)));
    expect(contents.every((c) => imgs.some((b) => b.equals(c)))).toBe(true);
    const shards = await readdir(join(dir, 'objects'));
    const files = (await Promise.all(shards.map((s) => readdir(join(dir, 'objects', s))))).flat();
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(12);

    // An aborted run rejects with the abort reason and fetches nothing more.
    const ac = new AbortController();
    const { storage, counter } = counting(t.storage);
    const fresh = await cacheDir();
    const run = materializeDataset({ db: t.db, storage, cacheDir: fresh }, id, {
      purpose: 'train',
      signal: ac.signal,
      onProgress: (d) => {
        if (d === 2) ac.abort(new Error('stop'));
      },
    });
    await expect(run).rejects.toThrow('stop');
    expect(counter.gets).toBeLessThan(12);
  });

  it('refuses a missing dataset and a stored object that is gone or altered', async () => {
    const dir = await cacheDir();
    await expect(
      materializeDataset({ db: t.db, storage: t.storage, cacheDir: dir }, 999_999, { purpose: 'train' }),
    ).rejects.toMatchObject({
      code: 'DATASET_NOT_FOUND',
    });
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(2, 7200);
    const id = await uploadZip(headers, project.id, 'cfgone', 'cf', [
      { name: 'ok/a.png', data: imgs[0]! },
      { name: 'ng/b.png', data: imgs[1]! },
    ]);
    const first = await materializeDataset({ db: t.db, storage: t.storage, cacheDir: dir }, id, {
      purpose: 'train',
    });
    const key = `images/${first.imageIds[0]}/original`;
    await t.storage.put(key, imgs[1]!);
    const err = await materializeDataset({ db: t.db, storage: t.storage, cacheDir: await cacheDir() }, id, {
      purpose: 'train',
    }).catch((e) => e);
    expect(err).toBeInstanceOf(MaterializeError);
    expect(err.code).toBe('OBJECT_CORRUPT');
    await t.storage.delete(key);
    await expect(
      materializeDataset({ db: t.db, storage: t.storage, cacheDir: await cacheDir() }, id, {
        purpose: 'train',
      }),
    ).rejects.toMatchObject({
      code: 'OBJECT_MISSING',
    });
  });
});

describe('materializeDataset (od, sg, ad from image_objects)', () => {
  async function maskPng(seed: number) {
    const raw = Buffer.alloc(24 * 24, 0);
    raw.fill(255, seed * 24, (seed + 4) * 24);
    return sharp(raw, { raw: { width: 24, height: 24, channels: 1 } })
      .png()
      .toBuffer();
  }

  async function imageRows(id: number) {
    return t.db
      .select()
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, id))
      .orderBy(asc(datasetImages.fileName));
  }

  it('od: boxes with class indexes; images without boxes stay as background', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(3, 7300);
    const id = await uploadZip(
      headers,
      project.id,
      'odmat',
      'od',
      imgs.map((d, i) => ({ name: `${i}.png`, data: d })),
    );
    const [c1, c2] = await t.db
      .insert(datasetClasses)
      .values([
        { datasetId: id, name: 'scratch', color: '#ff0000', sortOrder: 0 },
        { datasetId: id, name: 'dent', color: '#00ff00', sortOrder: 1 },
      ])
      .returning();
    const [i0, i1] = await imageRows(id);
    await t.db.insert(imageObjects).values([
      { imageId: i0!.id, classId: c2!.id, kind: 'box', geometry: { x1: 1, y1: 2, x2: 10, y2: 12 } },
      { imageId: i0!.id, classId: c1!.id, kind: 'box', geometry: { x1: 3, y1: 4, x2: 5, y2: 6 } },
      { imageId: i1!.id, classId: c1!.id, kind: 'box', geometry: { x1: 0, y1: 0, x2: 23, y2: 23 } },
      { imageId: i1!.id, classId: c1!.id, kind: 'polygon', geometry: { points: [] } }, // not a box: ignored
    ]);
    const out = await materializeDataset({ db: t.db, storage: t.storage, cacheDir: await cacheDir() }, id, {
      purpose: 'train',
    });
    expect(out.dataset.task).toBe('od');
    expect(out.dataset.classes).toEqual([
      { name: 'scratch', ok: false },
      { name: 'dent', ok: false },
    ]);
    expect(out.imageIds).toEqual((await imageRows(id)).map((r) => r.id));
    expect(out.dataset.items.map((it) => it.boxes)).toEqual([
      [
        { classIndex: 1, x1: 1, y1: 2, x2: 10, y2: 12 },
        { classIndex: 0, x1: 3, y1: 4, x2: 5, y2: 6 },
      ],
      [{ classIndex: 0, x1: 0, y1: 0, x2: 23, y2: 23 }],
      [],
    ]);
    expect(() => validateDataset(out.dataset)).not.toThrow();
  });

  it('sg: one cached mask file per mask object; ad (cf dataset asked as ad): train OK only, eval all with masks', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(3, 7400);
    const sgId = await uploadZip(
      headers,
      project.id,
      'sgmat',
      'sg',
      imgs.map((d, i) => ({ name: `${i}.png`, data: d })),
    );
    const [cls] = await t.db
      .insert(datasetClasses)
      .values({ datasetId: sgId, name: 'crack', color: '#ff0000' })
      .returning();
    const rows = await imageRows(sgId);
    const mask = await maskPng(3);
    const maskKey = `images/${rows[0]!.id}/mask-0.png`;
    await t.storage.put(maskKey, mask);
    const maskHash = createHash('sha256').update(mask).digest('hex');
    await t.db.insert(imageObjects).values({
      imageId: rows[0]!.id,
      classId: cls!.id,
      kind: 'mask',
      geometry: { key: maskKey, sha256: maskHash, width: 24, height: 24 },
    });
    const dir = await cacheDir();
    const sg = await materializeDataset({ db: t.db, storage: t.storage, cacheDir: dir }, sgId, {
      purpose: 'train',
    });
    expect(sg.dataset.items).toHaveLength(3);
    expect(sg.dataset.items[0]!.masks).toEqual([
      { classIndex: 0, path: join(dir, 'objects', maskHash.slice(0, 2), `${maskHash}.png`) },
    ]);
    expect((await readFile(sg.dataset.items[0]!.masks![0]!.path)).equals(mask)).toBe(true);
    expect(sg.dataset.items[1]!.masks).toEqual([]);
    expect(() => validateDataset(sg.dataset)).not.toThrow();

    const cfImgs = await pngs(4, 7500);
    const cfId = await uploadZip(headers, project.id, 'admat', 'cf', [
      { name: 'good/a.png', data: cfImgs[0]! },
      { name: 'good/b.png', data: cfImgs[1]! },
      { name: 'hole/c.png', data: cfImgs[2]! },
      { name: 'hole/d.png', data: cfImgs[3]! },
    ]);
    await t.db
      .update(datasetClasses)
      .set({ isOk: true })
      .where(and(eq(datasetClasses.datasetId, cfId), eq(datasetClasses.name, 'good')));
    const [, , c] = await imageRows(cfId);
    const holeClass = (
      await t.db.select().from(datasetClasses).where(eq(datasetClasses.datasetId, cfId))
    ).find((x) => x.name === 'hole')!;
    const adMaskKey = `images/${c!.id}/mask-0.png`;
    await t.storage.put(adMaskKey, mask);
    await t.db.insert(imageObjects).values({
      imageId: c!.id,
      classId: holeClass.id,
      kind: 'mask',
      geometry: { key: adMaskKey, sha256: maskHash },
    });
    const deps = { db: t.db, storage: t.storage, cacheDir: dir };
    const train = await materializeDataset(deps, cfId, { purpose: 'train', task: 'ad' });
    expect(train.dataset.task).toBe('ad');
    expect(train.dataset.items.map((it) => it.anomalous)).toEqual([false, false]);
    expect(() => validateDataset(train.dataset)).not.toThrow();
    const evalDs = await materializeDataset(deps, cfId, { purpose: 'eval', task: 'ad' });
    expect(evalDs.dataset.items.map((it) => [it.anomalous, !!it.maskPath])).toEqual([
      [false, false],
      [false, false],
      [true, true],
      [true, false],
    ]);
    expect(evalDs.imageIds[2]).toBe(c!.id);
    expect(() => validateDataset(evalDs.dataset)).not.toThrow();
    // okClasses swap what counts as OK.
    const swapped = await materializeDataset(deps, cfId, {
      purpose: 'train',
      task: 'ad',
      okClasses: ['hole'],
    });
    expect(swapped.imageIds).toEqual(evalDs.imageIds.slice(2));
    // Names the dataset does not have ('good'/'defect' of an ad model): the is_ok flags decide.
    await t.db
      .update(datasetClasses)
      .set({ name: 'ok' })
      .where(and(eq(datasetClasses.datasetId, cfId), eq(datasetClasses.name, 'good')));
    const byFlags = await materializeDataset(deps, cfId, {
      purpose: 'eval',
      task: 'ad',
      okClasses: ['good'],
    });
    expect(byFlags.dataset.items.map((it) => it.anomalous)).toEqual([false, false, true, true]);
    const mixed = await materializeDataset(deps, cfId, {
      purpose: 'train',
      task: 'ad',
      okClasses: ['good', 'HOLE'],
    });
    expect(mixed.imageIds).toEqual(evalDs.imageIds.slice(2));
  });
});
