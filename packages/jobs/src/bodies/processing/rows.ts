// The queries of the processing.run body (the worker's side of processing_works).
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ints, texts, uuids } from '../../sql-arrays';
import {
  datasetClasses,
  datasetFolders,
  datasetImages,
  datasets,
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

  /**
   * One page of a source's images after `after` (keyset on id): what the plan decides on (the rest of a row
   * is copied inside the database), and the stored masks of its images (their objects name a storage key).
   */
  async imagePage(datasetId: number, folderIds: number[] | null, after: string | null, limit: number) {
    const images = await this.db
      .select({
        id: datasetImages.id,
        folderId: datasetImages.folderId,
        classId: datasetImages.classId,
        fileName: datasetImages.fileName,
        sha256: datasetImages.sha256,
      })
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
    const masks = images.length
      ? (
          await this.db.execute<{ id: string; image_id: string; class_id: number | null; key: string }>(sql`
            SELECT o.id::text AS id, o.image_id, o.class_id, o.geometry->>'key' AS key FROM image_objects o
            WHERE o.image_id = ANY(${uuids(images.map((i) => i.id))}::uuid[])
              AND o.kind = 'mask' AND jsonb_typeof(o.geometry->'key') = 'string'
            ORDER BY o.id -- the bigint (an unqualified 'id' would sort the text output column: '10' < '9')`)
        ).rows
      : [];
    return { images, masks };
  }

  /**
   * Copies source image rows into the result under new ids in one statement each for images and objects
   * (the unchanged columns never leave the database). `classes` maps source class ids to the result's
   * (a source class missing from it: null; in `removed`: its objects are dropped); `maskKeys` gives the
   * new storage key of each copied stored mask by object id. Objects keep their order (image, then id).
   */
  async insertCopies(
    tx: Pick<Db, 'execute'>,
    resultId: number,
    copies: { from: string; to: string; folderId: number; classId: number | null }[],
    classes: { from: number[]; to: (number | null)[]; removed: number[] },
    maskKeys: Map<string, string>,
  ) {
    if (!copies.length) return;
    const from = uuids(copies.map((c) => c.from));
    const to = uuids(copies.map((c) => c.to));
    await tx.execute(sql`
      INSERT INTO dataset_images (id, dataset_id, folder_id, class_id, file_name, original_name, sha256, width,
        height, channels, format, size_bytes, edited, confirmed, augmented, class_score)
      SELECT m.to_id, ${resultId}, m.folder_id, m.class_id, s.file_name, s.original_name, s.sha256, s.width,
        s.height, s.channels, s.format, s.size_bytes, s.edited, s.confirmed, s.augmented, s.class_score
      FROM unnest(${from}::uuid[], ${to}::uuid[], ${ints(copies.map((c) => c.folderId))}::int[],
        ${ints(copies.map((c) => c.classId))}::int[]) WITH ORDINALITY AS m(from_id, to_id, folder_id, class_id, n)
      JOIN dataset_images s ON s.id = m.from_id
      ORDER BY m.n`);
    await tx.execute(sql`
      INSERT INTO image_objects (image_id, class_id, kind, geometry)
      SELECT m.to_id, c.to_id, o.kind,
        CASE WHEN k.key IS NULL THEN o.geometry ELSE jsonb_set(o.geometry, '{key}', to_jsonb(k.key)) END
      FROM unnest(${from}::uuid[], ${to}::uuid[]) WITH ORDINALITY AS m(from_id, to_id, n)
      JOIN image_objects o ON o.image_id = m.from_id
      LEFT JOIN unnest(${ints(classes.from)}::int[], ${ints(classes.to)}::int[]) AS c(from_id, to_id)
        ON c.from_id = o.class_id
      LEFT JOIN unnest(${`{${[...maskKeys.keys()].join(',')}}`}::bigint[], ${texts([...maskKeys.values()])}::text[])
        AS k(object_id, key) ON k.object_id = o.id
      WHERE o.class_id IS NULL OR NOT (o.class_id = ANY(${ints(classes.removed)}::int[]))
      ORDER BY m.n, o.id`);
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
