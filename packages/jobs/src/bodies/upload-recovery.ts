// Cleans up after uploads that did not commit: every object journaled for them (images/<id>/…) is
// deleted, then their journal rows. Run by the server at start-up (uploads of its dead predecessor on
// this host, at once) and by storage.gc (uploads whose owner stopped touching them, from any host).
import {
  DatasetFilesRepository,
  IngestJournalRepository,
  type Db,
  type IngestUploadRow,
} from '@sightline/db';
import { imageKeys, type Storage } from '@sightline/storage';

export interface RecoveryResult {
  uploads: number;
  /** Journaled image ids whose objects (if any were written) were deleted. */
  images: number;
}

/** How long an upload may go without touching its journal row before anyone may clean it up. */
export const UPLOAD_STALE_MS = 10 * 60 * 1000;

export async function recoverUploads(
  db: Db,
  storage: Storage,
  isDead: (upload: IngestUploadRow) => boolean,
  opts: { touchedBefore?: Date } = {},
): Promise<RecoveryResult> {
  const journal = new IngestJournalRepository(db);
  const images = new DatasetFilesRepository(db);
  const result: RecoveryResult = { uploads: 0, images: 0 };
  for (const upload of await journal.uploads(opts)) {
    if (!isDead(upload)) continue;
    const ids = await journal.objects(upload.id);
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      // The commit removes the journal rows of the images it inserts in the same transaction, so an id
      // here never has a row; checked anyway, an owned object must never be deleted.
      const owned = await images.knownImageIds(chunk);
      const keys: string[] = [];
      for (const id of chunk) {
        if (owned.has(id)) continue;
        const k = imageKeys(id);
        const mine = new Set([k.original, k.thumb]);
        // Whatever else the image had (imported masks: images/<id>/mask-N.png).
        for await (const key of storage.list(`images/${id.toLowerCase()}/`)) mine.add(key);
        keys.push(...mine);
        result.images++;
      }
      await storage.deleteMany(keys);
      await journal.forget(upload.id, chunk);
    }
    await journal.close(upload.id);
    result.uploads++;
  }
  return result;
}
