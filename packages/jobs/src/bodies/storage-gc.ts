// Deletes storage objects no row refers to any more: images of datasets removed with their project,
// objects of an upload whose process died before its transaction, zips of deleted download rows, and the
// folders of learnings (model, checkpoint) and evaluations (overlays) whose rows went with their project,
// external labeling packs whose request died before its work row, and refined click-segmentation pairs no
// project record names.
// Only objects older than `minAgeMs` go, because an upload writes its objects before its rows; objects
// journaled by an upload in progress are never garbage (the upload's own cleanup or recoverUploads
// removes them), and uploads whose process stopped touching the journal are recovered first.
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { DatasetFilesRepository, IngestJournalRepository, type Db } from '@sightline/db';
import { downloadKey, imageKeys, segmentModelKeys, type Storage } from '@sightline/storage';
import { recoverUploads, UPLOAD_STALE_MS } from './upload-recovery';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface GcResult {
  [key: string]: unknown;
  images: number;
  downloads: number;
  /** learnings/<id>/ and evaluations/<id>/ folders removed (their rows are gone). */
  learnings?: number;
  evaluations?: number;
  /** Uploads that did not commit and whose owner stopped touching them (only when there were any). */
  abandonedUploads?: number;
  /** External labeling packs no work names (only when there were any). */
  uploadPacks?: number;
  /** Refined click-segmentation pairs no project record names (only when there were any). */
  segmentPairs?: number;
}

async function* batches(ids: AsyncIterable<string>, size: number): AsyncIterable<string[]> {
  let batch = new Set<string>();
  for await (const id of ids) {
    batch.add(id);
    if (batch.size >= size) {
      yield [...batch];
      batch = new Set();
    }
  }
  if (batch.size) yield [...batch];
}

async function* idsUnder(
  storage: Storage,
  prefix: string,
  pick: (key: string) => string | null,
): AsyncIterable<string> {
  for await (const key of storage.list(prefix)) {
    const id = pick(key);
    if (id && UUID.test(id)) yield id;
  }
}

async function oldEnough(storage: Storage, key: string, cutoff: number): Promise<boolean> {
  const info = await storage.stat(key);
  return !info || info.modifiedAt.getTime() < cutoff;
}

export async function collectStorageGarbage(
  db: Db,
  storage: Storage,
  opts: { minAgeMs?: number; now?: number } = {},
): Promise<GcResult> {
  const now = opts.now ?? Date.now();
  const cutoff = now - (opts.minAgeMs ?? 6 * 3600 * 1000);
  const recovered = await recoverUploads(db, storage, () => true, {
    touchedBefore: new Date(now - UPLOAD_STALE_MS),
  });
  const result: GcResult = { images: 0, downloads: 0 };
  if (recovered.uploads) result.abandonedUploads = recovered.uploads;
  const repo = new DatasetFilesRepository(db);
  const journal = new IngestJournalRepository(db);

  for await (const ids of batches(
    idsUnder(storage, 'images/', (k) => k.split('/')[1] ?? null),
    500,
  )) {
    const known = await repo.knownImageIds(ids);
    const inFlight = await journal.journaled(ids);
    for (const id of ids) {
      if (known.has(id) || inFlight.has(id)) continue;
      const keys = imageKeys(id);
      if (
        !(await oldEnough(storage, keys.original, cutoff)) ||
        !(await oldEnough(storage, keys.thumb, cutoff))
      )
        continue;
      // Also what else an image owns under its prefix (imported masks: images/<id>/mask-N.png).
      const owned = new Set([keys.original, keys.thumb]);
      for await (const k of storage.list(`images/${id}/`)) owned.add(k);
      await storage.deleteMany([...owned]);
      result.images++;
    }
  }

  const jobOf = (k: string) => /^downloads\/(.+)\.zip$/.exec(k)?.[1] ?? null;
  for await (const ids of batches(idsUnder(storage, 'downloads/', jobOf), 500)) {
    const known = await repo.knownDownloadJobIds(ids);
    for (const id of ids) {
      if (known.has(id) || !(await oldEnough(storage, downloadKey(id), cutoff))) continue;
      await storage.delete(downloadKey(id));
      result.downloads++;
    }
  }
  for (const table of ['learnings', 'evaluations'] as const) {
    const removed = await collectOwnerFolders(db, storage, table, cutoff);
    if (removed) result[table] = removed;
  }
  const packs = await collectUploadPacks(db, storage, cutoff);
  if (packs) result.uploadPacks = packs;
  const pairs = await collectRefinedPairs(db, storage, cutoff);
  if (pairs) result.segmentPairs = pairs;
  return result;
}

/**
 * Click-segmentation pairs refined for a project (segment-models/refined/<id>/) that no project record
 * names any more: the project went back to the default, was refined again, or was deleted (its record
 * goes too). Records are written after their pair, so the age check spares a pair about to be named.
 */
async function collectRefinedPairs(db: Db, storage: Storage, cutoff: number): Promise<number> {
  const named = new Set<string>();
  const records = new Map<number, string>();
  for await (const key of storage.list(segmentModelKeys.projectsPrefix)) {
    const projectId = Number(/\/(\d+)\.json$/.exec(key)?.[1]);
    if (Number.isSafeInteger(projectId)) records.set(projectId, key);
  }
  const alive = records.size
    ? new Set(
        (
          await db.execute<{ id: number }>(
            sql`SELECT id FROM projects WHERE id = ANY(${`{${[...records.keys()].join(',')}}`}::int[])`,
          )
        ).rows.map((r) => Number(r.id)),
      )
    : new Set<number>();
  for (const [projectId, key] of records) {
    if (!alive.has(projectId)) {
      await storage.delete(key);
      continue;
    }
    const obj = await storage.get(key);
    if (!obj) continue;
    const body = await text(obj.stream);
    try {
      const id = (JSON.parse(body) as { id?: unknown }).id;
      if (typeof id === 'string') named.add(id);
    } catch {
      // An unreadable record names nothing; the segment routes refuse it as well.
    }
  }
  const firstKey = new Map<string, string>();
  for await (const key of storage.list(segmentModelKeys.refinedPrefix)) {
    const id = key.slice(segmentModelKeys.refinedPrefix.length).split('/')[0];
    if (id && !firstKey.has(id)) firstKey.set(id, key);
  }
  let removed = 0;
  for (const [id, first] of firstKey) {
    if (named.has(id) || !(await oldEnough(storage, first, cutoff))) continue;
    const keys: string[] = [];
    for await (const k of storage.list(`${segmentModelKeys.refinedPrefix}${id}/`)) keys.push(k);
    await storage.deleteMany(keys);
    removed++;
  }
  return removed;
}

/**
 * External labeling packs (uploads/external/<uuid>.pack) no work names: the request stores its pack
 * before the work row, so a process that died in between leaves one. A work's own pack goes with the
 * work (imported, or deleted with it); the age check spares a request that is about to write its row.
 */
async function collectUploadPacks(db: Db, storage: Storage, cutoff: number): Promise<number> {
  const keys: string[] = [];
  for await (const key of storage.list('uploads/external/')) if (key.endsWith('.pack')) keys.push(key);
  let removed = 0;
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const named = await db.execute<{ key: string }>(
      sql`SELECT options->>'upload_key' AS key FROM processing_works
          WHERE options->>'upload_key' = ANY(${`{${chunk.join(',')}}`}::text[])`,
    );
    const alive = new Set(named.rows.map((r) => r.key));
    for (const key of chunk) {
      if (alive.has(key) || !(await oldEnough(storage, key, cutoff))) continue;
      await storage.delete(key);
      removed++;
    }
  }
  return removed;
}

/** `<table>/<id>/…` folders whose row no longer exists. Rows are written before their objects, so a
 * missing row means a deleted one; the age check only spares objects of a row deleted a moment ago. */
async function collectOwnerFolders(
  db: Db,
  storage: Storage,
  table: 'learnings' | 'evaluations',
  cutoff: number,
): Promise<number> {
  const firstKey = new Map<number, string>();
  for await (const key of storage.list(`${table}/`)) {
    const id = Number(key.split('/')[1]);
    if (Number.isSafeInteger(id) && id > 0 && !firstKey.has(id)) firstKey.set(id, key);
  }
  let removed = 0;
  const ids = [...firstKey.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const known = await db.execute<{ id: number }>(
      sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY(${`{${chunk.join(',')}}`}::int[])`,
    );
    const alive = new Set(known.rows.map((r) => Number(r.id)));
    for (const id of chunk) {
      if (alive.has(id) || !(await oldEnough(storage, firstKey.get(id)!, cutoff))) continue;
      const keys: string[] = [];
      for await (const k of storage.list(`${table}/${id}/`)) keys.push(k);
      await storage.deleteMany(keys);
      removed++;
    }
  }
  return removed;
}
