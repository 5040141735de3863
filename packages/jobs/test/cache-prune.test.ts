// The worker's local cache stays under its budget, least recently used first, and never loses what a
// job has just used.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneCache, touchCacheEntry } from '../src/dataset-cache/prune';

const HOUR = 3_600_000;
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function file(rel: string, bytes: number, ageMs: number) {
  const p = join(dir, rel);
  await mkdir(join(p, '..'), { recursive: true });
  await writeFile(p, Buffer.alloc(bytes));
  const t = new Date(Date.now() - ageMs);
  await utimes(p, t, t);
  return p;
}

describe('pruneCache', () => {
  it('removes the least recently used objects and model folders until under budget', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cache-prune-'));
    await file('objects/aa/aa1.jpg', 1000, 5 * HOUR);
    await file('objects/bb/bb1.jpg', 1000, 3 * HOUR);
    await file('models/learning-7/model.onnx', 3000, 4 * HOUR);
    await file('models/learning-7/manifest.json', 100, 4 * HOUR);
    const modelDir = join(dir, 'models/learning-7');
    const t = new Date(Date.now() - 4 * HOUR);
    await utimes(modelDir, t, t);
    await file('objects/cc/cc1.jpg', 1000, 2 * HOUR);
    await file('objects/dd/dd1.jpg.123.abc.tmp', 5000, 9 * HOUR); // a fetch in progress: not an entry

    const r = await pruneCache(dir, { maxBytes: 2500 });
    expect(r).toMatchObject({ entries: 4, bytesBefore: 6100, removed: 2 });
    expect(r.bytesAfter).toBe(2000);
    expect(await readdir(join(dir, 'objects/aa'))).toEqual([]);
    expect(await readdir(join(dir, 'models'))).toEqual([]);
    expect(await readdir(join(dir, 'objects/bb'))).toEqual(['bb1.jpg']);
    expect(await readdir(join(dir, 'objects/dd'))).toHaveLength(1);
  });

  it('keeps entries used within the last hour even over budget; a hit refreshes an entry', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cache-prune-'));
    const old = await file('objects/aa/old.jpg', 1000, 5 * HOUR);
    await file('objects/bb/new.jpg', 1000, 10 * 60_000);
    await touchCacheEntry(old);
    const r = await pruneCache(dir, { maxBytes: 0 });
    expect(r.removed).toBe(0);
    expect(r.bytesAfter).toBe(2000);
    expect((await pruneCache(dir, { maxBytes: 0, now: Date.now() + 2 * HOUR })).removed).toBe(2);
  });
});
