// The ingest journal: an upload's image ids are journaled before their objects exist and committed with
// the rows, so nothing stays journaled after an upload that succeeded or failed; objects of an upload in
// progress are never storage garbage; an upload whose owner stopped touching the journal is recovered
// by the storage GC; recovery never deletes an object whose row exists.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IngestJournalRepository } from '@sightline/db';
import { collectStorageGarbage, recoverUploads } from '@sightline/jobs';
import { imageKeys } from '@sightline/storage';
import { png, pngs } from './fixtures';
import { postUpload, projectWithMember, setupDatasetApp } from './harness';

const t = setupDatasetApp();
const journalCount = async () =>
  (
    await t.db.execute<{ u: number; o: number }>(
      sql`SELECT (SELECT count(*) FROM ingest_uploads)::int AS u, (SELECT count(*) FROM ingest_objects)::int AS o`,
    )
  ).rows[0]!;

async function upload(
  headers: Record<string, string>,
  fields: Record<string, string | number>,
  files: Buffer[],
) {
  return postUpload(
    t,
    headers,
    fields,
    files.map((data, i) => ({ name: `i${i}.png`, data })),
  );
}

describe('ingest journal', () => {
  it('is empty after an upload that succeeded and after one that failed', async () => {
    const p = await projectWithMember(t);
    const ok = await upload(
      p.headers,
      { project_id: p.project.id, name: 'j1', type: 'od', folder: 'f' },
      await pngs(70, 4000),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.stored).toBe(70);
    expect(await journalCount()).toEqual({ u: 0, o: 0 });
    const keysBefore = await t.keys();
    // The third file is not an image: refused after the first two were stored.
    const bad = await upload(p.headers, { project_id: p.project.id, name: 'j2', type: 'od', folder: 'f' }, [
      await png(4100),
      await png(4101),
      Buffer.from('not an image at all'),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(await journalCount()).toEqual({ u: 0, o: 0 });
    expect(await t.keys()).toEqual(keysBefore);
  });

  it('keeps objects of an upload in progress from the GC, and recovers an abandoned one', async () => {
    const journal = new IngestJournalRepository(t.db);
    const uploadId = randomUUID();
    const ids = [randomUUID(), randomUUID()];
    await journal.open(uploadId, 'ffffffff-1');
    await journal.reserve(uploadId, ids);
    for (const id of ids) {
      await t.storage.put(imageKeys(id).original, Buffer.from('o'));
      await t.storage.put(imageKeys(id).thumb, Buffer.from('t'));
    }
    await t.storage.put(`images/${ids[0]}/mask-0.png`, Buffer.from('m'));
    // Objects old enough for the GC (minAgeMs 0), but journaled by a live upload: kept.
    const first = await collectStorageGarbage(t.db, t.storage, { minAgeMs: 0, now: Date.now() + 1000 });
    expect(first.abandonedUploads).toBeUndefined();
    for (const id of ids) expect(await t.storage.stat(imageKeys(id).original)).not.toBeNull();

    // The owner stopped touching the journal 11 minutes ago: the GC recovers the upload.
    await t.db.execute(sql`UPDATE ingest_uploads SET touched_at = now() - interval '11 minutes'`);
    const second = await collectStorageGarbage(t.db, t.storage, { minAgeMs: 6 * 3600 * 1000 });
    expect(second.abandonedUploads).toBe(1);
    expect((await t.keys()).filter((k) => ids.some((id) => k.includes(id)))).toEqual([]);
    expect(await journalCount()).toEqual({ u: 0, o: 0 });
  });

  it('never deletes an object whose row exists, even if its id is still journaled', async () => {
    const p = await projectWithMember(t);
    const ok = await upload(p.headers, { project_id: p.project.id, name: 'j3', type: 'od', folder: 'f' }, [
      await png(4200),
    ]);
    expect(ok.statusCode).toBe(201);
    const [row] = (
      await t.db.execute<{ id: string }>(sql`SELECT id FROM dataset_images ORDER BY created_at DESC LIMIT 1`)
    ).rows;
    const journal = new IngestJournalRepository(t.db);
    const uploadId = randomUUID();
    await journal.open(uploadId, 'ffffffff-1');
    await journal.reserve(uploadId, [row!.id]);
    const r = await recoverUploads(t.db, t.storage, () => true);
    expect(r).toEqual({ uploads: 1, images: 0 });
    expect(await t.storage.stat(imageKeys(row!.id).original)).not.toBeNull();
  });
});
