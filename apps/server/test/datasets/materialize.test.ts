// Dataset rows → VisionDataset through the content-hash cache (packages/jobs materializeDataset), on
// real PostgreSQL and local-disk storage: a cf dataset uploaded through the API.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { datasetClasses } from '@sightline/db';
import { materializeDataset, MaterializeError } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { validateDataset } from '@sightline/vision';
import { multipart, pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp } from './harness';

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
  headers: object,
  projectId: number,
  name: string,
  type: string,
  items: { name: string; data: Buffer }[],
) {
  const body = multipart({ project_id: projectId, name, type }, [
    { name: `${name}.zip`, data: await zip(items) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/datasets/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.dataset_id as number;
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
