// One suite, two real implementations: local disk and S3 (s3rver on loopback).
import { mkdtemp, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../local-storage';
import { assertKey, downloadKey, imageKeys, type Storage } from '../storage';
import { createStorage, storageConfigFromEnv } from '../create-storage';
import { startS3rver } from './s3rver.fixture';

async function collect(it: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const k of it) out.push(k);
  return out.sort();
}

function storageSuite(name: string, setup: () => Promise<{ storage: Storage; stop: () => Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let stop: () => Promise<void>;
    let scratch: string;
    beforeAll(async () => {
      ({ storage, stop } = await setup());
      scratch = await mkdtemp(join(tmpdir(), 'sightline-storage-src-'));
    }, 30_000);
    afterAll(async () => {
      await stop();
      await rm(scratch, { recursive: true, force: true });
    });

    it('writes bytes and reads them back with their size', async () => {
      await storage.put('t/a/one.bin', Buffer.from('hello'));
      const got = await storage.get('t/a/one.bin');
      expect(got?.size).toBe(5);
      expect(await text(got!.stream)).toBe('hello');
      expect((await storage.stat('t/a/one.bin'))?.size).toBe(5);
    });

    it('streams a local file in and overwrites a key as a whole', async () => {
      const src = join(scratch, 'big.bin');
      const big = Buffer.alloc(3 * 1024 * 1024, 7);
      await writeFile(src, big);
      await storage.put('t/a/one.bin', { path: src });
      const got = await storage.get('t/a/one.bin');
      expect(got?.size).toBe(big.length);
      const chunks: Buffer[] = [];
      for await (const c of got!.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(big)).toBe(true);
    });

    it('writes a fresh key (in place on disk); a fresh put over an existing key replaces it whole', async () => {
      await storage.put('t/fresh/a.bin', Buffer.from('first'), { fresh: true });
      expect(await text((await storage.get('t/fresh/a.bin'))!.stream)).toBe('first');
      await storage.put('t/fresh/a.bin', Buffer.from('second!'), { fresh: true });
      const got = await storage.get('t/fresh/a.bin');
      expect(got?.size).toBe(7);
      expect(await text(got!.stream)).toBe('second!');
    });

    it('answers null for missing keys and deletes idempotently', async () => {
      expect(await storage.get('t/missing')).toBeNull();
      expect(await storage.stat('t/missing')).toBeNull();
      await storage.put('t/b/x', Buffer.from('x'));
      await storage.delete('t/b/x');
      await storage.delete('t/b/x');
      expect(await storage.stat('t/b/x')).toBeNull();
    });

    it('copies an object to another key; the two live apart from then on', async () => {
      await storage.put('t/cp/src.bin', Buffer.from('original'), { contentType: 'image/png' });
      expect(await storage.copy('t/cp/src.bin', 't/cp/dst.bin')).toBe(true);
      expect(await text((await storage.get('t/cp/dst.bin'))!.stream)).toBe('original');
      // Overwriting or deleting one key leaves the other as it was.
      await storage.put('t/cp/src.bin', Buffer.from('changed'));
      expect(await text((await storage.get('t/cp/dst.bin'))!.stream)).toBe('original');
      await storage.delete('t/cp/dst.bin');
      expect(await text((await storage.get('t/cp/src.bin'))!.stream)).toBe('changed');
      expect(await storage.copy('t/cp/missing.bin', 't/cp/x.bin')).toBe(false);
      expect(await storage.get('t/cp/x.bin')).toBeNull();
    });

    it('lists by prefix and deletes many', async () => {
      await storage.put('l/p1/a', Buffer.from('1'));
      await storage.put('l/p1/b', Buffer.from('2'));
      await storage.put('l/p2/c', Buffer.from('3'));
      expect(await collect(storage.list('l/p1/'))).toEqual(['l/p1/a', 'l/p1/b']);
      expect(await collect(storage.list('l/'))).toEqual(['l/p1/a', 'l/p1/b', 'l/p2/c']);
      await storage.deleteMany(['l/p1/a', 'l/p1/b', 'l/p1/never']);
      expect(await collect(storage.list('l/'))).toEqual(['l/p2/c']);
    });

    it('refuses keys built from user text or escaping the root', async () => {
      for (const bad of ['../x', 'a/../../x', '/abs', 'a//b', 'Upper/x', 'a b', 'x/볼트.png', '']) {
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
        await expect(storage.get(bad)).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('keeps the old object when a write fails midway', async () => {
      await storage.put('t/keep', Buffer.from('old'));
      await expect(storage.put('t/keep', { path: join(scratch, 'does-not-exist') })).rejects.toThrow();
      expect(await text((await storage.get('t/keep'))!.stream)).toBe('old');
    });
  });
}

storageSuite('local', async () => {
  const root = await mkdtemp(join(tmpdir(), 'sightline-local-storage-'));
  return { storage: new LocalStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
});

storageSuite('s3', async () => {
  const s3 = await startS3rver();
  return { storage: s3.storage, stop: s3.stop };
});

describe('local fresh writes', () => {
  it('make a folder once, and again when it went away since', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sightline-local-fresh-'));
    const storage = new LocalStorage(root);
    await storage.put('day/1/a', Buffer.from('a'), { fresh: true });
    await storage.put('day/1/b', Buffer.from('b'), { fresh: true });
    // Someone removed the (remembered) folder: the next fresh write makes it again.
    await rm(join(root, 'day'), { recursive: true, force: true });
    await storage.put('day/1/c', Buffer.from('c'), { fresh: true });
    expect(await readdir(join(root, 'day', '1'))).toEqual(['c']);
    await rm(root, { recursive: true, force: true });
  });
});

describe('storage keys and selection', () => {
  it('builds id-based keys only', () => {
    const id = '5b0c3c43-2f5e-4b7e-9f52-6f1d2f0c9a11';
    expect(imageKeys(id).original).toBe(`images/${id}/original`);
    expect(downloadKey(id)).toBe(`downloads/${id}.zip`);
    expect(() => imageKeys('../../etc/passwd')).toThrow();
    expect(() => assertKey('a/./b')).toThrow();
  });

  it('uses S3 when S3_BUCKET is set, local disk under DATA_DIR otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-select-'));
    const local = createStorage(storageConfigFromEnv({}, dir));
    expect(local.kind).toBe('local');
    await local.put('x/y', Buffer.from('1'));
    expect(await readdir(join(dir, 'storage', 'x'))).toEqual(['y']);
    expect(
      createStorage(
        storageConfigFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, dir),
      ).kind,
    ).toBe('s3');
    expect(() => createStorage(storageConfigFromEnv({ S3_BUCKET: 'b' }, dir))).toThrow(/S3_ACCESS_KEY_ID/);
    await rm(dir, { recursive: true, force: true });
  });
});
