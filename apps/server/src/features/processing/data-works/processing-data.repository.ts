// Queries of the data processing works (augmentation, AI labeling): their source dataset, the
// algorithm registry, counts the rules need, the result dataset they fill and its proposals.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  algorithms,
  datasetClasses,
  datasetFolders,
  datasetImages,
  datasets,
  imageObjects,
  processingWorks,
  processingWorkSources,
} from '@sightline/db';
import type { Executor } from '../../../common/tx';

export class ProcessingDataRepository {
  constructor(private readonly db: Executor) {}

  async dataset(id: number) {
    const [ds] = await this.db.select().from(datasets).where(eq(datasets.id, id));
    return ds;
  }

  async folderIds(datasetId: number, ids: number[]) {
    const rows = await this.db
      .select({ id: datasetFolders.id })
      .from(datasetFolders)
      .where(and(eq(datasetFolders.datasetId, datasetId), inArray(datasetFolders.id, ids)));
    return rows.map((r) => r.id);
  }

  private imagesWhere(datasetId: number, folderIds?: number[]) {
    return folderIds?.length
      ? and(eq(datasetImages.datasetId, datasetId), inArray(datasetImages.folderId, folderIds))
      : eq(datasetImages.datasetId, datasetId);
  }

  async imageCount(datasetId: number, folderIds?: number[]): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(datasetImages)
      .where(this.imagesWhere(datasetId, folderIds));
    return r?.n ?? 0;
  }

  /** Images with a manual label: a cf class, or any object that is not a target region. */
  async labelledCount(datasetId: number, folderIds?: number[]): Promise<number> {
    const hasObject = sql`EXISTS (SELECT 1 FROM ${imageObjects} o WHERE o.image_id = ${datasetImages.id} AND o.kind <> 'region')`;
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(datasetImages)
      .where(
        and(
          this.imagesWhere(datasetId, folderIds),
          sql`(${datasetImages.classId} IS NOT NULL OR ${hasObject})`,
        ),
      );
    return r?.n ?? 0;
  }

  /** An augmentation algorithm of the registry usable in the project: the given one, else the first. */
  async augmentationAlgorithm(projectId: number, id?: number) {
    const inScope = sql`(${algorithms.scope} = 'all' OR EXISTS (SELECT 1 FROM algorithm_projects p WHERE p.algorithm_id = ${algorithms.id} AND p.project_id = ${projectId}))`;
    const [row] = await this.db
      .select()
      .from(algorithms)
      .where(and(eq(algorithms.kind, 'augmentation'), inScope, id ? eq(algorithms.id, id) : undefined))
      .orderBy(asc(algorithms.id))
      .limit(1);
    return row;
  }

  async learning(id: number) {
    const r = await this.db.execute<{
      id: number;
      project_id: number;
      task: string;
      status: string;
      classes: unknown;
    }>(sql`SELECT id, project_id, task, status, classes FROM learnings WHERE id = ${id}`);
    return r.rows[0];
  }

  async datasetNameTaken(projectId: number, name: string): Promise<boolean> {
    const r = await this.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.projectId, projectId), sql`lower(${datasets.name}) = lower(${name})`));
    return r.length > 0;
  }

  async workNameTaken(projectId: number, name: string): Promise<boolean> {
    const r = await this.db
      .select({ id: processingWorks.id })
      .from(processingWorks)
      .where(
        and(eq(processingWorks.projectId, projectId), sql`lower(${processingWorks.name}) = lower(${name})`),
      );
    return r.length > 0;
  }

  classes(datasetId: number) {
    return this.db
      .select()
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId))
      .orderBy(asc(datasetClasses.sortOrder), asc(datasetClasses.id));
  }

  async insertResultDataset(v: {
    projectId: number;
    name: string;
    type: 'cf' | 'od' | 'sg';
    userId: number;
  }) {
    const [ds] = await this.db
      .insert(datasets)
      .values({ projectId: v.projectId, name: v.name, type: v.type, createdBy: v.userId })
      .returning();
    await this.db.insert(datasetFolders).values({ datasetId: ds!.id, name: v.name });
    return ds!;
  }

  async copyClasses(
    from: { name: string; color: string; isOk: boolean; sortOrder: number }[],
    datasetId: number,
  ) {
    if (!from.length) return;
    await this.db
      .insert(datasetClasses)
      .values(
        from.map((c) => ({ datasetId, name: c.name, color: c.color, isOk: c.isOk, sortOrder: c.sortOrder })),
      );
  }

  async insertWork(v: typeof processingWorks.$inferInsert) {
    const [w] = await this.db.insert(processingWorks).values(v).returning();
    return w!;
  }

  async insertSource(v: typeof processingWorkSources.$inferInsert) {
    await this.db.insert(processingWorkSources).values(v);
  }

  async setWork(id: number, patch: Partial<typeof processingWorks.$inferInsert>) {
    await this.db
      .update(processingWorks)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(processingWorks.id, id));
  }

  async work(id: number) {
    const [w] = await this.db.select().from(processingWorks).where(eq(processingWorks.id, id));
    return w;
  }

  async source(workId: number) {
    const [s] = await this.db
      .select()
      .from(processingWorkSources)
      .where(eq(processingWorkSources.workId, workId))
      .orderBy(asc(processingWorkSources.position))
      .limit(1);
    return s;
  }

  /** Proposals of a result dataset, least sure first (unreviewed before reviewed). */
  async proposals(
    datasetId: number,
    status: 'pending' | 'accepted' | 'rejected' | 'all',
    page: number,
    perPage: number,
  ) {
    const where = and(
      eq(datasetImages.datasetId, datasetId),
      isNotNull(datasetImages.prediction),
      status === 'pending'
        ? eq(datasetImages.confirmed, false)
        : status === 'all'
          ? undefined
          : and(eq(datasetImages.confirmed, true), sql`${datasetImages.prediction}->>'review' = ${status}`),
    );
    const rows = await this.db
      .select({
        id: datasetImages.id,
        fileName: datasetImages.fileName,
        classId: datasetImages.classId,
        classScore: datasetImages.classScore,
        confirmed: datasetImages.confirmed,
        prediction: datasetImages.prediction,
      })
      .from(datasetImages)
      .where(where)
      .orderBy(
        asc(datasetImages.confirmed),
        sql`${datasetImages.classScore} ASC NULLS FIRST`,
        asc(datasetImages.fileName),
      )
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [c] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(datasetImages)
      .where(where);
    return { rows, total: c?.n ?? 0 };
  }

  async image(datasetId: number, imageId: string) {
    const [img] = await this.db
      .select()
      .from(datasetImages)
      .where(and(eq(datasetImages.datasetId, datasetId), eq(datasetImages.id, imageId)));
    return img;
  }

  /** Accept keeps the proposal as the label; reject removes it (class and objects). Both confirm. */
  async review(imageId: string, decision: 'accept' | 'reject', prediction: Record<string, unknown>) {
    if (decision === 'reject') {
      await this.db
        .delete(imageObjects)
        .where(and(eq(imageObjects.imageId, imageId), sql`${imageObjects.kind} <> 'region'`));
    }
    await this.db
      .update(datasetImages)
      .set({
        confirmed: true,
        edited: true,
        ...(decision === 'reject' ? { classId: null } : {}),
        prediction: { ...prediction, review: decision === 'accept' ? 'accepted' : 'rejected' },
        updatedAt: new Date(),
      })
      .where(eq(datasetImages.id, imageId));
  }
}
