// A local content-hash cache of stored objects: cacheDir/objects/<sha[0:2]>/<sha>.<ext>. A present file
// is trusted (it was only ever renamed into place after its hash checked out); a missing one is streamed
// from storage into a unique tmp file, hashed on the way, and renamed into place, so concurrent
// materialisations (threads or processes) never read a partial file and at worst fetch it twice.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '@sightline/storage';
import { MaterializeError } from './materialize-error';
import { touchCacheEntry } from './prune';

export interface CacheSource {
  sha256: string;
  /** Storage key of the object. */
  key: string;
  ext: string;
}

export const cachePath = (cacheDir: string, sha256: string, ext: string) =>
  join(cacheDir, 'objects', sha256.slice(0, 2), `${sha256}.${ext}`);

export async function cacheObject(
  storage: Storage,
  cacheDir: string,
  src: CacheSource,
  signal?: AbortSignal,
): Promise<string> {
  const path = cachePath(cacheDir, src.sha256, src.ext);
  if (
    await stat(path).then(
      (s) => s.isFile(),
      () => false,
    )
  ) {
    await touchCacheEntry(path);
    return path;
  }
  const obj = await storage.get(src.key);
  if (!obj) throw new MaterializeError('OBJECT_MISSING', `Stored object ${src.key} is missing`);
  await mkdir(join(cacheDir, 'objects', src.sha256.slice(0, 2)), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(obj.stream, hasher, createWriteStream(tmp), { signal });
    const got = hash.digest('hex');
    if (got !== src.sha256)
      throw new MaterializeError(
        'OBJECT_CORRUPT',
        `Stored object ${src.key} has hash ${got}, expected ${src.sha256}`,
      );
    await rename(tmp, path);
  } catch (err) {
    obj.stream.destroy();
    await rm(tmp, { force: true });
    throw err;
  }
  return path;
}
