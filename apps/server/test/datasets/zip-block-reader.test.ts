// The uploaded-zip reader serves small reads from a read-ahead block (zip-block-reader.ts): every member,
// small or larger than a block, stored or deflated, before and across block borders, must read back exactly,
// and dataOffset must point at each member's own bytes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openUploadedZip } from '../../src/features/dataset/ingest/zip-reader';
import { zip } from './fixtures';

const limits = {
  maxUploadBytes: 1 << 30,
  maxImageBytes: 1 << 26,
  maxZipEntries: 50_000,
  maxExpandedBytes: 1 << 30,
  maxRatio: 200,
  maxPixels: 1e8,
  concurrency: 2,
};

describe('uploaded zip through the block reader', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('reads every member and its data offset, small and large, stored and deflated, across blocks', async () => {
    const items = Array.from({ length: 2500 }, (_, i) => ({
      name: `set/im_${i}.png`,
      // Random bytes do not deflate: stored and deflated members both hold ~1.3 kB.
      data: i % 97 === 5 ? randomBytes(1_500_000) : randomBytes(1200 + (i % 300)),
      store: i % 2 === 0,
    }));
    const buf = await zip(items);
    expect(buf.length).toBeGreaterThan(3 * (1 << 20));
    const dir = await mkdtemp(join(tmpdir(), 'zip-block-'));
    dirs.push(dir);
    const path = join(dir, 'set.zip');
    await writeFile(path, buf);

    const z = await openUploadedZip(path, 'set.zip', buf.length, limits);
    try {
      expect(z.entries.map((e) => e.path)).toEqual(items.map((i) => i.name));
      const file = await readFile(path);
      // Out of order too: a read far behind the block must not be served from it.
      const order = [...z.entries.keys()].sort((a, b) => (a % 7) - (b % 7) || a - b);
      for (const i of order) {
        const e = z.entries[i]!;
        expect((await z.read(e)).equals(items[i]!.data)).toBe(true);
        const at = await z.dataOffset(e);
        if (items[i]!.store) expect(file.subarray(at, at + e.size).equals(items[i]!.data)).toBe(true);
        else expect(at + e.entry.compressedSize).toBeLessThanOrEqual(file.length);
      }
    } finally {
      z.close();
    }
  });
});
