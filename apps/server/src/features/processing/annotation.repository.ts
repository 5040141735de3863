// Queries of the annotation document API: the image with its dataset and revision, its object rows,
// and the save (rows replaced, label, flags and revision in one transaction).
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  datasetClasses,
  datasetImages,
  datasets,
  imageAnnotations,
  imageObjects,
  processingWorks,
  users,
  type Db,
} from '@sightline/db';
import type { AnnotationRow } from '@sightline/domain';
import type { Executor, Tx } from '../../common/tx';

export class AnnotationRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The image if it belongs to the dataset, with its dataset's project and type and its revision. */
  async image(datasetId: number, imageId: string, db: Executor = this.db, forUpdate = false) {
    const q = db
      .select({
        id: datasetImages.id,
        datasetId: datasetImages.datasetId,
        projectId: datasets.projectId,
        type: datasets.type,
        fileName: datasetImages.fileName,
        width: datasetImages.width,
        height: datasetImages.height,
        classId: datasetImages.classId,
        edited: datasetImages.edited,
        confirmed: datasetImages.confirmed,
        rev: sql<number>`coalesce(${imageAnnotations.rev}, 0)`.mapWith(Number),
        updatedAt: imageAnnotations.updatedAt,
      })
      .from(datasetImages)
      .innerJoin(datasets, eq(datasets.id, datasetImages.datasetId))
      .leftJoin(imageAnnotations, eq(imageAnnotations.imageId, datasetImages.id))
      .where(and(eq(datasetImages.id, imageId), eq(datasetImages.datasetId, datasetId)));
    const [row] = forUpdate ? await q.for('update', { of: datasetImages }) : await q;
    return row;
  }

  objects(imageId: string, db: Executor = this.db) {
    return db
      .select({
        id: imageObjects.id,
        kind: imageObjects.kind,
        classId: imageObjects.classId,
        geometry: sql<Record<string, unknown>>`${imageObjects.geometry}`,
      })
      .from(imageObjects)
      .where(eq(imageObjects.imageId, imageId))
      .orderBy(asc(imageObjects.id));
  }

  async classIds(datasetId: number, db: Executor = this.db): Promise<Set<number>> {
    const rows = await db
      .select({ id: datasetClasses.id })
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId));
    return new Set(rows.map((r) => r.id));
  }

  /** The work whose result the dataset is (final-save lock and edit lock), if any. */
  async workOfDataset(datasetId: number, db: Executor = this.db) {
    const [w] = await db
      .select({
        id: processingWorks.id,
        finalSaved: processingWorks.finalSaved,
        lockedBy: processingWorks.lockedBy,
        lockExpiresAt: processingWorks.lockExpiresAt,
        lockedByName: users.name,
      })
      .from(processingWorks)
      .leftJoin(users, eq(users.id, processingWorks.lockedBy))
      .where(eq(processingWorks.resultDatasetId, datasetId))
      .limit(1);
    return w;
  }

  /** Replaces the image's rows and label, sets edited (and confirmed), bumps the revision. */
  async save(
    tx: Tx,
    img: { id: string; datasetId: number; rev: number },
    label: number | null | undefined,
    rows: AnnotationRow[],
    userId: number,
    confirmed?: boolean,
  ): Promise<number> {
    await tx.delete(imageObjects).where(eq(imageObjects.imageId, img.id));
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(imageObjects).values(rows.slice(i, i + 500).map((r) => ({ ...r, imageId: img.id })));
    await tx
      .update(datasetImages)
      .set({
        ...(label !== undefined ? { classId: label } : {}),
        edited: true,
        ...(confirmed !== undefined ? { confirmed } : {}),
        updatedAt: new Date(),
      })
      .where(eq(datasetImages.id, img.id));
    const rev = img.rev + 1;
    await tx
      .insert(imageAnnotations)
      .values({ imageId: img.id, rev, updatedBy: userId })
      .onConflictDoUpdate({
        target: imageAnnotations.imageId,
        set: { rev, updatedBy: userId, updatedAt: new Date() },
      });
    await tx.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, img.datasetId));
    return rev;
  }
}
