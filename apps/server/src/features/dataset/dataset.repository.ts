// Queries on datasets, their folders, classes, images, locks and the project upload counter.
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sightline/db';
import { countWhere } from '../../common/list-query';
import {
  datasetClasses,
  datasetFolders,
  datasetImages,
  datasetLocks,
  datasets,
  projectUploadUsage,
  projects,
  type DatasetClassRow,
  type DatasetFolderRow,
  type DatasetImageRow,
  type DatasetRow,
  type NewDatasetImageRow,
} from '@sightline/db';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

export interface DatasetStats {
  imageCount: number;
  folderCount: number;
  classCount: number;
  locked: boolean;
}

// Named fragments (STYLE.md §2): counted sub-selects reused by list and detail. The outer table is
// named in raw SQL because Drizzle leaves single-table columns unqualified (ambiguous in a sub-select).
const imageCountSql = sql<number>`(SELECT count(*)::int FROM dataset_images i WHERE i.dataset_id = datasets.id)`;
const folderCountSql = sql<number>`(SELECT count(*)::int FROM dataset_folders f WHERE f.dataset_id = datasets.id)`;
const classCountSql = sql<number>`(SELECT count(*)::int FROM dataset_classes c WHERE c.dataset_id = datasets.id)`;
const lockedSql = sql<boolean>`EXISTS (SELECT 1 FROM dataset_locks l WHERE l.dataset_id = datasets.id)`;
const withStats = {
  imageCount: imageCountSql,
  folderCount: folderCountSql,
  classCount: classCountSql,
  locked: lockedSql,
};

export interface ImageFilterArgs {
  folderId?: number;
  classId?: number | 'none';
  filter: string;
}

export class DatasetRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private listWhere(projectId: number, opts: { purpose?: string; search?: string }) {
    const where: SQL[] = [eq(datasets.projectId, projectId)];
    if (opts.purpose) where.push(eq(datasets.purpose, opts.purpose as DatasetRow['purpose']));
    if (opts.search) where.push(ilike(datasets.name, `%${opts.search.replace(/[%_\\]/g, '\\$&')}%`));
    return and(...where);
  }

  /** The page of a project's datasets with their counts (also snapshotted in queries/). */
  listQuery(projectId: number, opts: { purpose?: string; search?: string; page: number; perPage: number }) {
    return this.db
      .select({ d: datasets, ...withStats })
      .from(datasets)
      .where(this.listWhere(projectId, opts))
      .orderBy(desc(datasets.updatedAt), desc(datasets.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage);
  }

  async list(projectId: number, opts: { purpose?: string; search?: string; page: number; perPage: number }) {
    const rows = await this.listQuery(projectId, opts);
    const [total] = await this.db
      .select({ n: count() })
      .from(datasets)
      .where(this.listWhere(projectId, opts));
    return { rows, total: total?.n ?? 0 };
  }

  async findWithStats(id: number) {
    const [row] = await this.db
      .select({ d: datasets, ...withStats })
      .from(datasets)
      .where(eq(datasets.id, id));
    return row;
  }

  async findById(id: number, q: Q = this.db): Promise<DatasetRow | undefined> {
    const [row] = await q.select().from(datasets).where(eq(datasets.id, id));
    return row;
  }

  async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.projectId, projectId), sql`lower(${datasets.name}) = lower(${name})`));
    return rows.some((r) => r.id !== exceptId);
  }

  async insertDataset(q: Q, values: typeof datasets.$inferInsert): Promise<DatasetRow> {
    const [row] = await q.insert(datasets).values(values).returning();
    return row!;
  }

  async updateDataset(id: number, set: Partial<Pick<DatasetRow, 'name' | 'purpose'>>): Promise<void> {
    await this.db
      .update(datasets)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(datasets.id, id));
  }

  async touch(q: Q, id: number): Promise<void> {
    await q
      .update(datasets)
      .set({ updatedAt: sql`now()` })
      .where(eq(datasets.id, id));
  }

  async deleteDataset(q: Q, id: number): Promise<void> {
    await q.delete(datasets).where(eq(datasets.id, id));
  }

  // Folders
  folders(datasetId: number, q: Q = this.db) {
    return q
      .select({
        id: datasetFolders.id,
        name: datasetFolders.name,
        imageCount: sql<number>`(SELECT coalesce(sum(c.n), 0)::int FROM dataset_folder_counts c WHERE c.folder_id = dataset_folders.id)`,
      })
      .from(datasetFolders)
      .where(eq(datasetFolders.datasetId, datasetId))
      .orderBy(asc(datasetFolders.name));
  }

  async insertFolders(q: Q, datasetId: number, names: string[]): Promise<DatasetFolderRow[]> {
    if (!names.length) return [];
    return q
      .insert(datasetFolders)
      .values(names.map((name) => ({ datasetId, name })))
      .returning();
  }

  async renameFolder(q: Q, folderId: number, name: string): Promise<void> {
    await q.update(datasetFolders).set({ name }).where(eq(datasetFolders.id, folderId));
  }

  // Classes
  classes(datasetId: number, q: Q = this.db) {
    return q
      .select({
        c: datasetClasses,
        imageCount: sql<number>`(SELECT count(*)::int FROM dataset_images i WHERE i.class_id = dataset_classes.id)`,
      })
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId))
      .orderBy(asc(datasetClasses.sortOrder), asc(datasetClasses.id));
  }

  async insertClasses(q: Q, rows: (typeof datasetClasses.$inferInsert)[]): Promise<DatasetClassRow[]> {
    if (!rows.length) return [];
    return q.insert(datasetClasses).values(rows).returning();
  }

  async updateClass(
    q: Q,
    id: number,
    set: Partial<Pick<DatasetClassRow, 'name' | 'color' | 'isOk' | 'sortOrder'>>,
  ) {
    await q.update(datasetClasses).set(set).where(eq(datasetClasses.id, id));
  }

  /** Its images become Unclassified (FK SET NULL) and its objects go (FK CASCADE). */
  async deleteClasses(q: Q, ids: number[]): Promise<void> {
    if (ids.length) await q.delete(datasetClasses).where(inArray(datasetClasses.id, ids));
  }

  async moveClassImages(q: Q, fromIds: number[], toId: number): Promise<void> {
    if (!fromIds.length) return;
    await q
      .update(datasetImages)
      .set({ classId: toId, updatedAt: sql`now()` })
      .where(inArray(datasetImages.classId, fromIds));
    await q.execute(sql`UPDATE image_objects SET class_id = ${toId} WHERE class_id IN ${fromIds}`);
  }

  async unclassifiedCount(datasetId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(datasetImages)
      .where(and(eq(datasetImages.datasetId, datasetId), isNull(datasetImages.classId)));
    return r?.n ?? 0;
  }

  // Images
  async existingHashes(datasetId: number): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ sha: datasetImages.sha256, name: datasetImages.fileName })
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, datasetId));
    return new Map(rows.map((r) => [r.sha, r.name]));
  }

  /** Inserts in chunks; answers the ids actually inserted (a concurrent duplicate is skipped). */
  async insertImages(q: Q, rows: NewDatasetImageRow[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += 1000) {
      const out = await q
        .insert(datasetImages)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: datasetImages.id });
      for (const r of out) inserted.add(r.id);
    }
    return inserted;
  }

  private imageWhere(datasetId: number, f: ImageFilterArgs) {
    const where: SQL[] = [eq(datasetImages.datasetId, datasetId)];
    if (f.folderId) where.push(eq(datasetImages.folderId, f.folderId));
    if (f.classId === 'none') where.push(isNull(datasetImages.classId));
    else if (f.classId) where.push(eq(datasetImages.classId, f.classId));
    if (f.filter === 'edited') where.push(eq(datasetImages.edited, true));
    if (f.filter === 'unconfirmed') where.push(eq(datasetImages.confirmed, false));
    return and(...where);
  }

  /** One page of the image grid (also snapshotted in queries/). */
  imagesQuery(datasetId: number, f: ImageFilterArgs & { page: number; perPage: number }) {
    return this.db
      .select()
      .from(datasetImages)
      .where(this.imageWhere(datasetId, f))
      .orderBy(asc(datasetImages.folderId), asc(datasetImages.fileName), asc(datasetImages.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage);
  }

  async listImages(datasetId: number, f: ImageFilterArgs & { page: number; perPage: number }) {
    // The page and its total side by side. An unfiltered folder (or dataset) reads its total from the
    // trigger-kept counts of migration 0750 instead of counting up to 10,000 rows on every page; a class
    // or state filter still counts (index scan), as no counter covers it.
    const counted = !f.classId && (f.filter === 'all' || !f.filter);
    const [rows, total] = await Promise.all([
      this.imagesQuery(datasetId, f),
      counted
        ? this.imageTotal(datasetId, f.folderId)
        : countWhere(this.db, datasetImages, this.imageWhere(datasetId, f)),
    ]);
    return { rows, total };
  }

  /** Rows of a folder's counter beyond which a read folds them into one (see migration 0750). */
  static readonly COUNT_FOLD_ROWS = 16;

  /** Exact image count of a folder (or the whole dataset) from dataset_folder_counts. */
  async imageTotal(datasetId: number, folderId?: number): Promise<number> {
    const res = await this.db.execute(sql`
      SELECT coalesce(sum(n), 0)::bigint AS total, count(*)::int AS pieces
      FROM dataset_folder_counts
      WHERE dataset_id = ${datasetId} ${folderId ? sql`AND folder_id = ${folderId}` : sql``}`);
    const row = res.rows[0] as { total: string | number; pieces: number };
    const limit = folderId ? DatasetRepository.COUNT_FOLD_ROWS : DatasetRepository.COUNT_FOLD_ROWS * 8;
    // Uploads add a delta per statement: fold them now and then, off the request's path (any
    // failure only leaves the deltas for the next read).
    if (row.pieces > limit) void this.foldImageCounts(datasetId, folderId).catch(() => undefined);
    return Number(row.total);
  }

  /** Folds the counter rows of one folder, or of every folder of the dataset, into one row each. */
  async foldImageCounts(datasetId: number, folderId?: number): Promise<void> {
    await this.db.execute(sql`
      SELECT compact_dataset_folder_count(f.id) FROM dataset_folders f
      WHERE f.dataset_id = ${datasetId} ${folderId ? sql`AND f.id = ${folderId}` : sql``}`);
  }

  async findImage(id: string): Promise<(DatasetImageRow & { projectId: number }) | undefined> {
    const [row] = await this.db
      .select({ i: datasetImages, projectId: datasets.projectId })
      .from(datasetImages)
      .innerJoin(datasets, eq(datasets.id, datasetImages.datasetId))
      .where(eq(datasetImages.id, id));
    return row ? { ...row.i, projectId: row.projectId } : undefined;
  }

  async deleteImages(q: Q, datasetId: number, ids: string[]): Promise<string[]> {
    const out = await q
      .delete(datasetImages)
      .where(and(eq(datasetImages.datasetId, datasetId), inArray(datasetImages.id, ids)))
      .returning({ id: datasetImages.id });
    return out.map((r) => r.id);
  }

  async allImageIds(datasetId: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: datasetImages.id })
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, datasetId));
    return rows.map((r) => r.id);
  }

  // Locks
  async isLocked(q: Q, datasetId: number): Promise<boolean> {
    const rows = await q
      .select({ ref: datasetLocks.ref })
      .from(datasetLocks)
      .where(eq(datasetLocks.datasetId, datasetId))
      .limit(1);
    return rows.length > 0;
  }

  /** Takes a row lock on the dataset so a lock and a deletion cannot interleave. */
  async lockRow(q: Q, datasetId: number): Promise<void> {
    await q.execute(sql`SELECT id FROM datasets WHERE id = ${datasetId} FOR UPDATE`);
  }

  async addLock(datasetId: number, ref: string, reason: string): Promise<void> {
    await this.db.insert(datasetLocks).values({ datasetId, ref, reason }).onConflictDoNothing();
  }

  async removeLock(datasetId: number, ref: string): Promise<void> {
    await this.db
      .delete(datasetLocks)
      .where(and(eq(datasetLocks.datasetId, datasetId), eq(datasetLocks.ref, ref)));
  }

  // Upload usage
  async uploadUsage(projectId: number): Promise<{ limit: number | null; used: number }> {
    const [row] = await this.db
      .select({
        limit: projects.imageUploadLimit,
        used: sql<number>`coalesce(${projectUploadUsage.uploadedImages}, 0)::int`,
      })
      .from(projects)
      .leftJoin(projectUploadUsage, eq(projectUploadUsage.projectId, projects.id))
      .where(eq(projects.id, projectId));
    return { limit: row?.limit ?? null, used: Number(row?.used ?? 0) };
  }

  /** Adds to the counter inside the upload's transaction; the row lock serialises concurrent uploads. */
  async addUploadUsage(q: Q, projectId: number, n: number): Promise<{ limit: number | null; used: number }> {
    await q.execute(sql`
      INSERT INTO project_upload_usage (project_id, uploaded_images) VALUES (${projectId}, ${n})
      ON CONFLICT (project_id) DO UPDATE SET uploaded_images = project_upload_usage.uploaded_images + ${n}, updated_at = now()`);
    const res = await q.execute(sql`
      SELECT p.image_upload_limit AS "limit", u.uploaded_images::int AS used
      FROM projects p JOIN project_upload_usage u ON u.project_id = p.id WHERE p.id = ${projectId}`);
    const row = res.rows[0] as { limit: number | null; used: number };
    return { limit: row.limit, used: Number(row.used) };
  }
}
