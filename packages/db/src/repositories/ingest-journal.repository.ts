// The ingest journal (migrations/0400_ingest_journal.sql): which image ids an upload in progress may
// have written to storage. The upload's transaction deletes the rows of the images it inserts; what is
// left belongs to an upload that did not commit. Queries only: the server's IngestService writes it,
// start-up and the storage GC (recoverUploads in @sightline/jobs) clean up after dead uploads.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor as Q } from '../client';
import { ingestObjects, ingestUploads } from '../schema';

export interface IngestUploadRow {
  id: string;
  owner: string;
  touchedAt: Date;
}

export class IngestJournalRepository {
  constructor(private readonly db: Db) {}

  async open(uploadId: string, owner: string): Promise<void> {
    await this.db.insert(ingestUploads).values({ id: uploadId, owner });
  }

  /** Journals ids before any object is written under them (and marks the upload alive). */
  async reserve(uploadId: string, imageIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(ingestUploads)
        .set({ touchedAt: sql`now()` })
        .where(eq(ingestUploads.id, uploadId));
      await tx.insert(ingestObjects).values(imageIds.map((imageId) => ({ imageId, uploadId })));
    });
  }

  async touch(uploadId: string): Promise<void> {
    await this.db
      .update(ingestUploads)
      .set({ touchedAt: sql`now()` })
      .where(eq(ingestUploads.id, uploadId));
  }

  /** Inside the transaction that inserts the image rows: those objects now belong to their rows. */
  async commit(q: Q, imageIds: readonly string[]): Promise<void> {
    for (let i = 0; i < imageIds.length; i += 5000) {
      const chunk = imageIds.slice(i, i + 5000);
      await q.delete(ingestObjects).where(inArray(ingestObjects.imageId, chunk));
    }
  }

  /** Ends the upload's journal (its remaining ids were cleaned up or never written). */
  async close(uploadId: string): Promise<void> {
    await this.db.delete(ingestUploads).where(eq(ingestUploads.id, uploadId));
  }

  uploads(opts: { touchedBefore?: Date } = {}): Promise<IngestUploadRow[]> {
    return this.db
      .select({ id: ingestUploads.id, owner: ingestUploads.owner, touchedAt: ingestUploads.touchedAt })
      .from(ingestUploads)
      .where(opts.touchedBefore ? lt(ingestUploads.touchedAt, opts.touchedBefore) : undefined);
  }

  async objects(uploadId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: ingestObjects.imageId })
      .from(ingestObjects)
      .where(eq(ingestObjects.uploadId, uploadId));
    return rows.map((r) => r.id);
  }

  /** The subset of ids still journaled (objects of an upload in progress: not garbage yet). */
  async journaled(imageIds: string[]): Promise<Set<string>> {
    if (!imageIds.length) return new Set();
    const rows = await this.db
      .select({ id: ingestObjects.imageId })
      .from(ingestObjects)
      .where(inArray(ingestObjects.imageId, imageIds));
    return new Set(rows.map((r) => r.id));
  }

  async forget(uploadId: string, imageIds: string[]): Promise<void> {
    if (!imageIds.length) return;
    await this.db
      .delete(ingestObjects)
      .where(and(eq(ingestObjects.uploadId, uploadId), inArray(ingestObjects.imageId, imageIds)));
  }
}
