// Keeps a worker's local cache (CACHE_DIR: objects/ by content hash, models/ per learning) under a size
// budget. Each worker machine has its own cache, so every worker process prunes its own folder on a
// timer rather than through a queued job (which would run on one machine only). Least recently used
// first: a cache hit touches its entry (touchCacheEntry), and an entry used within `minAgeMs` is never
// removed, so a job that is reading files it has just materialised keeps them.
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

export interface PruneOptions {
  maxBytes: number;
  /** Entries used more recently than this are kept even over budget (default 1 hour). */
  minAgeMs?: number;
  now?: number;
}

export interface PruneReport {
  entries: number;
  bytesBefore: number;
  bytesAfter: number;
  removed: number;
}

interface Entry {
  path: string;
  bytes: number;
  usedAt: number;
}

/** Marks a cache file or model folder as just used. */
export async function touchCacheEntry(path: string): Promise<void> {
  const t = new Date();
  await utimes(path, t, t).catch(() => undefined);
}

async function sizeOf(path: string): Promise<number> {
  const s = await stat(path).catch(() => null);
  if (!s) return 0;
  if (!s.isDirectory()) return s.size;
  let total = 0;
  for (const name of await readdir(path).catch(() => [] as string[])) total += await sizeOf(join(path, name));
  return total;
}

async function entries(cacheDir: string): Promise<Entry[]> {
  const out: Entry[] = [];
  const add = async (path: string) => {
    const s = await stat(path).catch(() => null);
    if (s) out.push({ path, bytes: await sizeOf(path), usedAt: s.mtimeMs });
  };
  // objects/<2 hex>/<sha>.<ext>: one entry per file (temp files of a fetch in progress are skipped).
  const objects = join(cacheDir, 'objects');
  for (const shard of await readdir(objects).catch(() => [] as string[])) {
    for (const name of await readdir(join(objects, shard)).catch(() => [] as string[])) {
      if (!name.endsWith('.tmp')) await add(join(objects, shard, name));
    }
  }
  // models/learning-<id>/: one entry per model folder (a .tmp-* folder is a copy in progress).
  const models = join(cacheDir, 'models');
  for (const name of await readdir(models).catch(() => [] as string[])) {
    if (name.startsWith('learning-')) await add(join(models, name));
  }
  return out;
}

export async function pruneCache(cacheDir: string, o: PruneOptions): Promise<PruneReport> {
  const now = o.now ?? Date.now();
  const minAge = o.minAgeMs ?? 3_600_000;
  const all = await entries(cacheDir);
  const bytesBefore = all.reduce((a, e) => a + e.bytes, 0);
  let bytes = bytesBefore;
  let removed = 0;
  for (const e of [...all].sort((a, b) => a.usedAt - b.usedAt)) {
    if (bytes <= o.maxBytes) break;
    if (now - e.usedAt < minAge) break;
    await rm(e.path, { recursive: true, force: true });
    bytes -= e.bytes;
    removed++;
  }
  return { entries: all.length, bytesBefore, bytesAfter: bytes, removed };
}
