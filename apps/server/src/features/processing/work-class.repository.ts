// Class queries of a work's result dataset (any type: cf labels and od/sg objects follow the class).
// Deleting a class row sends its images to Unclassified (FK set null) and deletes its objects (cascade).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { datasetClasses, datasetImages, datasets, imageObjects, type Db } from '@sightline/db';
import type { Tx } from '../../common/tx';

export class WorkClassRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>) {
    return this.db.transaction(fn);
  }

  classes(datasetId: number) {
    return this.db
      .select()
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId))
      .orderBy(asc(datasetClasses.sortOrder), asc(datasetClasses.id));
  }

  async remove(tx: Tx, datasetId: number, ids: number[]) {
    if (ids.length)
      await tx
        .delete(datasetClasses)
        .where(and(eq(datasetClasses.datasetId, datasetId), inArray(datasetClasses.id, ids)));
  }

  /** Images and objects of `from` classes move to `to`. */
  async move(tx: Tx, from: number[], to: number) {
    if (!from.length) return;
    await tx.update(datasetImages).set({ classId: to }).where(inArray(datasetImages.classId, from));
    await tx.update(imageObjects).set({ classId: to }).where(inArray(imageObjects.classId, from));
  }

  update(tx: Tx, id: number, set: Partial<typeof datasetClasses.$inferInsert>) {
    return tx.update(datasetClasses).set(set).where(eq(datasetClasses.id, id));
  }

  insert(tx: Tx, row: typeof datasetClasses.$inferInsert) {
    return tx.insert(datasetClasses).values(row);
  }

  touch(tx: Tx, datasetId: number) {
    return tx.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, datasetId));
  }
}
