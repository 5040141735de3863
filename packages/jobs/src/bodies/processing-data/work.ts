// What the data processing works (augmentation, AI labeling) share: their work row and source, the
// result dataset's folder and class map, reading a stored image, storing a new one (original, thumbnail,
// row), and the work's final status. The source dataset is only ever read: a job killed mid-way leaves
// it untouched, and a retry starts by emptying the result folder it fills.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  datasetClasses,
  datasetFolders,
  datasetImages,
  imageObjects,
  processingWorks,
  processingWorkSources,
  type Db,
} from '@sightline/db';
import { imageKeys, readBuffer, type Storage } from '@sightline/storage';
import { decodeWithThumbnail } from '@sightline/vision';

export type WorkRow = typeof processingWorks.$inferSelect;

export interface SourceImage {
  id: string;
  folderId: number;
  classId: number | null;
  fileName: string;
  width: number;
  height: number;
  format: string;
  edited: boolean;
  confirmed: boolean;
}

export interface ObjectRow {
  imageId: string;
  classId: number | null;
  kind: string;
  geometry: Record<string, unknown>;
}

export async function loadWorkRow(db: Db, workId: number) {
  const [work] = await db.select().from(processingWorks).where(eq(processingWorks.id, workId));
  if (!work) throw new Error(`processing work ${workId} no longer exists`);
  return work;
}

export async function loadWork(db: Db, workId: number) {
  const work = await loadWorkRow(db, workId);
  const [source] = await db
    .select()
    .from(processingWorkSources)
    .where(eq(processingWorkSources.workId, workId))
    .orderBy(asc(processingWorkSources.position))
    .limit(1);
  if (!source?.datasetId) throw new Error('The source dataset no longer exists');
  if (!work.resultDatasetId) throw new Error('The result dataset no longer exists');
  return { work, source: { datasetId: source.datasetId, folderIds: source.folderIds ?? null } };
}

export async function sourceImages(db: Db, datasetId: number, folderIds: number[] | null) {
  const where = folderIds?.length
    ? and(eq(datasetImages.datasetId, datasetId), inArray(datasetImages.folderId, folderIds))
    : eq(datasetImages.datasetId, datasetId);
  return db
    .select({
      id: datasetImages.id,
      folderId: datasetImages.folderId,
      classId: datasetImages.classId,
      fileName: datasetImages.fileName,
      width: datasetImages.width,
      height: datasetImages.height,
      format: datasetImages.format,
      edited: datasetImages.edited,
      confirmed: datasetImages.confirmed,
    })
    .from(datasetImages)
    .where(where)
    .orderBy(asc(datasetImages.folderId), asc(datasetImages.fileName), asc(datasetImages.id));
}

export async function objectsOf(db: Db, imageIds: string[]): Promise<Map<string, ObjectRow[]>> {
  const out = new Map<string, ObjectRow[]>();
  for (let i = 0; i < imageIds.length; i += 5000) {
    const rows = await db
      .select({
        imageId: imageObjects.imageId,
        classId: imageObjects.classId,
        kind: imageObjects.kind,
        geometry: imageObjects.geometry,
      })
      .from(imageObjects)
      .where(inArray(imageObjects.imageId, imageIds.slice(i, i + 5000)))
      .orderBy(asc(imageObjects.id));
    for (const r of rows)
      out.set(r.imageId, [
        ...(out.get(r.imageId) ?? []),
        { ...r, geometry: (r.geometry ?? {}) as Record<string, unknown> },
      ]);
  }
  return out;
}

/** The result dataset's one folder (created with the work) and its classes by name (lower case). */
export async function resultTarget(db: Db, datasetId: number) {
  const [folder] = await db
    .select()
    .from(datasetFolders)
    .where(eq(datasetFolders.datasetId, datasetId))
    .orderBy(asc(datasetFolders.id))
    .limit(1);
  if (!folder) throw new Error('The result folder no longer exists');
  const classes = await db.select().from(datasetClasses).where(eq(datasetClasses.datasetId, datasetId));
  return { folderId: folder.id, classByName: new Map(classes.map((c) => [c.name.toLowerCase(), c.id])) };
}

/** Source class id → result class id (same names). */
export async function classMap(db: Db, sourceDatasetId: number, classByName: Map<string, number>) {
  const src = await db.select().from(datasetClasses).where(eq(datasetClasses.datasetId, sourceDatasetId));
  return new Map(
    src.flatMap((c) =>
      classByName.has(c.name.toLowerCase()) ? [[c.id, classByName.get(c.name.toLowerCase())!]] : [],
    ),
  );
}

/** Empties the result dataset's images (a retry starts over); their storage objects go with storage.gc. */
export async function clearResult(db: Db, datasetId: number) {
  await db.delete(datasetImages).where(eq(datasetImages.datasetId, datasetId));
}

export async function readImage(storage: Storage, imageId: string): Promise<Buffer> {
  const buf = await readBuffer(storage, imageKeys(imageId).original);
  if (!buf) throw new Error(`missing object for image ${imageId}`);
  return buf;
}

export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

export interface NewImage {
  datasetId: number;
  folderId: number;
  fileName: string;
  data: Buffer;
  classId?: number | null;
  augmented?: boolean;
  prediction?: unknown;
  classScore?: number | null;
  edited?: boolean;
  confirmed?: boolean;
}

/**
 * Stores an image (original + thumbnail) and its row; null when the dataset already holds the same
 * bytes (the hash is unique per dataset), in which case nothing is kept.
 */
export async function storeImage(db: Db, storage: Storage, img: NewImage): Promise<string | null> {
  const hash = sha256(img.data);
  const meta = await decodeWithThumbnail(img.data);
  const id = randomUUID();
  const keys = imageKeys(id);
  await storage.put(keys.original, img.data, { contentType: `image/${meta.format}` });
  await storage.put(keys.thumb, meta.thumb, { contentType: 'image/webp' });
  const rows = await db
    .insert(datasetImages)
    .values({
      id,
      datasetId: img.datasetId,
      folderId: img.folderId,
      classId: img.classId ?? null,
      fileName: img.fileName,
      originalName: img.fileName,
      sha256: hash,
      width: meta.width,
      height: meta.height,
      channels: meta.channels || 3,
      format: meta.format,
      sizeBytes: img.data.length,
      augmented: img.augmented ?? false,
      prediction: img.prediction ?? null,
      classScore: img.classScore ?? null,
      edited: img.edited ?? false,
      confirmed: img.confirmed ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: datasetImages.id });
  if (!rows.length) {
    await storage.deleteMany([keys.original, keys.thumb]);
    return null;
  }
  return id;
}

export async function insertObjects(db: Db, rows: ObjectRow[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(imageObjects).values(rows.slice(i, i + 1000));
}

export async function setWork(db: Db, workId: number, patch: Partial<WorkRow>) {
  await db
    .update(processingWorks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(processingWorks.id, workId));
}

/** Runs a work body with the work row following it: progressing, then done with its result, or error. */
export async function followWork<T extends Record<string, unknown>>(
  db: Db,
  workId: number,
  body: () => Promise<T>,
): Promise<T> {
  await setWork(db, workId, { status: 'progressing', errorCode: null, message: '' });
  try {
    const result = await body();
    await setWork(db, workId, { status: 'done', progress: 100, result });
    return result;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    await setWork(db, workId, {
      status: 'error',
      errorCode: e.code ?? 'PROCESSING_FAILED',
      message: String(e.message ?? err).slice(0, 500),
    }).catch(() => undefined);
    throw err;
  }
}
