// The queries of the processing.run body (the worker's side of processing_works).
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  datasetClasses,
  datasetFolders,
  datasetImages,
  datasets,
  imageObjects,
  processingWorkSources,
  processingWorks,
  type Db,
} from '@sightline/db';

export type WorkStatusPatch = Partial<
  Pick<typeof processingWorks.$inferInsert, 'status' | 'progress' | 'message' | 'errorCode' | 'result'>
>;

export class ProcessingRows {
  constructor(private readonly db: Db) {}

  async work(id: number) {
    const [w] = await this.db.select().from(processingWorks).where(eq(processingWorks.id, id));
    if (!w) return undefined;
    const sources = await this.db
      .select()
      .from(processingWorkSources)
      .where(eq(processingWorkSources.workId, id))
      .orderBy(asc(processingWorkSources.position));
    return { ...w, sources };
  }

  setStatus(id: number, patch: WorkStatusPatch) {
    return this.db
      .update(processingWorks)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(processingWorks.id, id));
  }

  classes(datasetId: number) {
    return this.db
      .select({
        id: datasetClasses.id,
        name: datasetClasses.name,
        color: datasetClasses.color,
        isOk: datasetClasses.isOk,
        sortOrder: datasetClasses.sortOrder,
      })
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId));
  }

  folders(datasetId: number) {
    return this.db
      .select({ id: datasetFolders.id, name: datasetFolders.name })
      .from(datasetFolders)
      .where(eq(datasetFolders.datasetId, datasetId));
  }

  async countImages(datasetId: number, folderIds: number[] | null): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(datasetImages)
      .where(
        and(
          eq(datasetImages.datasetId, datasetId),
          folderIds ? inArray(datasetImages.folderId, folderIds) : undefined,
        ),
      );
    return r?.n ?? 0;
  }

  /** One page of a source's images after `after` (keyset on id), with their objects. */
  async imagePage(datasetId: number, folderIds: number[] | null, after: string | null, limit: number) {
    const images = await this.db
      .select()
      .from(datasetImages)
      .where(
        and(
          eq(datasetImages.datasetId, datasetId),
          folderIds ? inArray(datasetImages.folderId, folderIds) : undefined,
          after ? gt(datasetImages.id, after) : undefined,
        ),
      )
      .orderBy(asc(datasetImages.id))
      .limit(limit);
    const objects = images.length
      ? await this.db
          .select({
            imageId: imageObjects.imageId,
            classId: imageObjects.classId,
            kind: imageObjects.kind,
            geometry: imageObjects.geometry,
          })
          .from(imageObjects)
          .where(
            inArray(
              imageObjects.imageId,
              images.map((i) => i.id),
            ),
          )
          .orderBy(asc(imageObjects.id))
      : [];
    return { images, objects };
  }

  /** Empties the result dataset (a retried job starts over): images, folders and classes. */
  async resetResult(datasetId: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const ids = await tx
        .select({ id: datasetImages.id })
        .from(datasetImages)
        .where(eq(datasetImages.datasetId, datasetId));
      await tx.delete(datasetImages).where(eq(datasetImages.datasetId, datasetId));
      await tx.delete(datasetFolders).where(eq(datasetFolders.datasetId, datasetId));
      await tx.delete(datasetClasses).where(eq(datasetClasses.datasetId, datasetId));
      return ids.map((r) => r.id);
    });
  }

  touchDataset(datasetId: number) {
    return this.db.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, datasetId));
  }

  get raw() {
    return this.db;
  }
}
