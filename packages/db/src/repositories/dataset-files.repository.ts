// Dataset rows read by background jobs: what a dataset export zips, and which stored objects still
// have an owner (storage GC). Queries only; the job bodies live in @sightline/jobs.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { datasetClasses, datasetFolders, datasetImages, datasets, downloadRequests } from '../schema';

export class DatasetFilesRepository {
  constructor(private readonly db: Db) {}

  async dataset(id: number) {
    const [ds] = await this.db.select().from(datasets).where(eq(datasets.id, id));
    return ds;
  }

  /** The dataset's folders (all, or only the given ids). */
  folders(datasetId: number, folderIds?: number[]) {
    const where = folderIds?.length
      ? and(eq(datasetFolders.datasetId, datasetId), inArray(datasetFolders.id, folderIds))
      : eq(datasetFolders.datasetId, datasetId);
    return this.db.select().from(datasetFolders).where(where);
  }

  classes(datasetId: number) {
    return this.db.select().from(datasetClasses).where(eq(datasetClasses.datasetId, datasetId));
  }

  /** Images of the given folders, ordered by folder then file name. */
  images(datasetId: number, folderIds: number[]) {
    if (!folderIds.length) return Promise.resolve([]);
    return this.db
      .select({
        id: datasetImages.id,
        folderId: datasetImages.folderId,
        classId: datasetImages.classId,
        fileName: datasetImages.fileName,
      })
      .from(datasetImages)
      .where(and(eq(datasetImages.datasetId, datasetId), inArray(datasetImages.folderId, folderIds)))
      .orderBy(asc(datasetImages.folderId), asc(datasetImages.fileName));
  }

  /** The subset of ids that are dataset images. */
  async knownImageIds(ids: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: datasetImages.id })
      .from(datasetImages)
      .where(inArray(datasetImages.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** The subset of job ids that still have a download request row. */
  async knownDownloadJobIds(ids: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: downloadRequests.jobId })
      .from(downloadRequests)
      .where(inArray(downloadRequests.jobId, ids));
    return new Set(rows.map((r) => r.id));
  }
}
