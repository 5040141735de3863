// A done learning's model directory (manifest.json, model.onnx, …) fetched from storage once per learning
// into cacheDir/models/learning-<id>/ (written to a temp folder, then renamed, so a half-copied model is
// never used). Evaluations and compares of the same model reuse it.
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Storage } from '@sightline/storage';
import { touchCacheEntry } from '../../dataset-cache/prune';

export class ModelUnavailableError extends Error {
  readonly code = 'MODEL_NOT_FOUND';
}

export async function cachedModelDir(
  storage: Storage,
  cacheDir: string,
  learningId: number,
  modelPrefix: string | null,
  signal?: AbortSignal,
): Promise<string> {
  const dir = join(cacheDir, 'models', `learning-${learningId}`);
  if (await exists(join(dir, 'manifest.json'))) {
    await touchCacheEntry(dir);
    return dir;
  }
  if (!modelPrefix) throw new ModelUnavailableError(`learning ${learningId} has no stored model`);
  const prefix = modelPrefix.endsWith('/') ? modelPrefix : `${modelPrefix}/`;
  const tmp = join(cacheDir, 'models', `.tmp-${learningId}-${randomUUID()}`);
  await mkdir(tmp, { recursive: true });
  try {
    let files = 0;
    for await (const key of storage.list(prefix)) {
      signal?.throwIfAborted();
      const name = key.slice(prefix.length);
      if (!name || name.includes('/')) continue;
      const obj = await storage.get(key);
      if (!obj) continue;
      await pipeline(obj.stream, createWriteStream(join(tmp, name)));
      files++;
    }
    if (!files || !(await exists(join(tmp, 'manifest.json'))))
      throw new ModelUnavailableError(`no model files under ${prefix}`);
    await rename(tmp, dir).catch(async (err: NodeJS.ErrnoException) => {
      // Another job cached it first: keep theirs.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
    return dir;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );
