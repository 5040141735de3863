// Queries of processing works: the list/detail view (status and progress from the work's job, names
// of creator and lock holder, the result's image count), name checks, copy conflicts, the edit lock.
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  datasetImages,
  datasets,
  jobs,
  processingWorkSources,
  processingWorks,
  users,
  type Db,
} from '@sightline/db';
import type { WorkListQuery } from '@sightline/domain';
import { listPage, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

const creator = sql<string | null>`(select u.name from users u where u.id = ${processingWorks.createdBy})`;
const imageCount =
  sql<number>`(select count(*) from dataset_images i where i.dataset_id = ${processingWorks.resultDatasetId})`.mapWith(
    Number,
  );

/** The status the list shows: the job's while the work has one (domain statusFromJob, in SQL for the filter). */
const shownStatus = sql<string>`coalesce((select case j.status when 'queued' then 'waiting' when 'running' then 'progressing'
  when 'succeeded' then 'done' else 'error' end from jobs j where j.id = ${processingWorks.jobId}), ${processingWorks.status})`;

/** The columns of a work view (its row plus job status/progress and names). */
const viewColumns = {
  work: processingWorks,
  jobStatus: jobs.status,
  jobProgress: jobs.progress,
  jobMessage: jobs.message,
  lockedByName: users.name,
  createdByName: creator,
  imageCount,
};

export type WorkViewRow = {
  work: typeof processingWorks.$inferSelect;
  jobStatus: string | null;
  jobProgress: number | null;
  jobMessage: string | null;
  lockedByName: string | null;
  createdByName: string | null;
  imageCount: number;
  sources: (typeof processingWorkSources.$inferSelect)[];
};

export class ProcessingRepository {
  constructor(readonly db: Db) {}

  private select(db: Executor = this.db) {
    return db
      .select(viewColumns)
      .from(processingWorks)
      .leftJoin(jobs, eq(jobs.id, processingWorks.jobId))
      .leftJoin(users, eq(users.id, processingWorks.lockedBy))
      .$dynamic();
  }

  private async withSources(rows: Omit<WorkViewRow, 'sources'>[]): Promise<WorkViewRow[]> {
    if (!rows.length) return [];
    const src = await this.db
      .select()
      .from(processingWorkSources)
      .where(
        inArray(
          processingWorkSources.workId,
          rows.map((r) => r.work.id),
        ),
      )
      .orderBy(asc(processingWorkSources.workId), asc(processingWorkSources.position));
    return rows.map((r) => ({ ...r, sources: src.filter((s) => s.workId === r.work.id) }));
  }

  async list(q: WorkListQuery) {
    const where: SQL | undefined = and(
      eq(processingWorks.projectId, q.project_id),
      q.kind ? eq(processingWorks.kind, q.kind) : undefined,
      q.status ? sql`${shownStatus} = ${q.status}` : undefined,
      textSearch(q.search, [processingWorks.name, processingWorks.saveDir]),
    );
    const { rows, total } = await listPage(
      this.db,
      this.select(),
      processingWorks,
      where,
      [desc(processingWorks.createdAt), desc(processingWorks.id)],
      q,
    );
    return { rows: await this.withSources(rows), total };
  }

  async view(id: number): Promise<WorkViewRow | undefined> {
    const rows = await this.select().where(eq(processingWorks.id, id));
    return (await this.withSources(rows))[0];
  }

  /** [job id, work id] of the project's works whose job is queued or running. */
  async liveJobs(projectId: number): Promise<[string, number][]> {
    const rows = await this.db
      .select({ jobId: processingWorks.jobId, id: processingWorks.id })
      .from(processingWorks)
      .innerJoin(jobs, eq(jobs.id, processingWorks.jobId))
      .where(and(eq(processingWorks.projectId, projectId), inArray(jobs.status, ['queued', 'running'])));
    return rows.map((r) => [r.jobId!, r.id]);
  }

  async find(id: number, db: Executor = this.db) {
    const [w] = await db.select().from(processingWorks).where(eq(processingWorks.id, id));
    return w;
  }

  async findForUpdate(tx: Executor, id: number) {
    const [w] = await tx.select().from(processingWorks).where(eq(processingWorks.id, id)).for('update');
    return w;
  }

  async workNameTaken(projectId: number, name: string, db: Executor = this.db) {
    const [r] = await db
      .select({ id: processingWorks.id })
      .from(processingWorks)
      .where(
        and(eq(processingWorks.projectId, projectId), sql`lower(${processingWorks.name}) = lower(${name})`),
      )
      .limit(1);
    return !!r;
  }

  /** Dataset names and other works' save directories of the project (a folder that already exists). */
  async saveDirTaken(projectId: number, dir: string, db: Executor = this.db) {
    const [d] = await db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.projectId, projectId), sql`lower(${datasets.name}) = lower(${dir})`))
      .limit(1);
    if (d) return true;
    const [w] = await db
      .select({ id: processingWorks.id })
      .from(processingWorks)
      .where(
        and(eq(processingWorks.projectId, projectId), sql`lower(${processingWorks.saveDir}) = lower(${dir})`),
      )
      .limit(1);
    return !!w;
  }

  datasets(ids: number[]) {
    return this.db
      .select({ id: datasets.id, projectId: datasets.projectId, name: datasets.name, type: datasets.type })
      .from(datasets)
      .where(inArray(datasets.id, ids));
  }

  async imageCount(datasetId: number, folderIds?: number[]) {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(datasetImages)
      .where(
        and(
          eq(datasetImages.datasetId, datasetId),
          folderIds?.length ? inArray(datasetImages.folderId, folderIds) : undefined,
        ),
      );
    return r?.n ?? 0;
  }

  /** Per dataset (in list order): its images whose file name or content an earlier dataset already has. */
  async copyConflicts(ids: number[]) {
    const out: { datasetId: number; conflicts: number; sample: string[] }[] = [];
    for (let k = 1; k < ids.length; k++) {
      const earlier = ids.slice(0, k);
      const rows = await this.db.execute<{ file_name: string }>(sql`
        select i.file_name from dataset_images i
        where i.dataset_id = ${ids[k]!} and exists (
          select 1 from dataset_images e
          where e.dataset_id in (${sql.join(
            earlier.map((e) => sql`${e}`),
            sql`, `,
          )})
            and (lower(e.file_name) = lower(i.file_name) or e.sha256 = i.sha256))
        order by i.file_name`);
      out.push({
        datasetId: ids[k]!,
        conflicts: rows.rows.length,
        sample: rows.rows.slice(0, 5).map((r) => r.file_name),
      });
    }
    return out;
  }

  /** Takes (or renews) the edit lock unless another user holds an unexpired one; the row when taken. */
  async lock(id: number, userId: number, ttlMs: number) {
    const [w] = await this.db
      .update(processingWorks)
      .set({ lockedBy: userId, lockExpiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
      .where(
        and(
          eq(processingWorks.id, id),
          or(
            isNull(processingWorks.lockedBy),
            eq(processingWorks.lockedBy, userId),
            lte(processingWorks.lockExpiresAt, sql`now()`),
          ),
        ),
      )
      .returning({ lockExpiresAt: processingWorks.lockExpiresAt });
    return w;
  }

  unlock(id: number, userId: number) {
    return this.db
      .update(processingWorks)
      .set({ lockedBy: null, lockExpiresAt: null })
      .where(and(eq(processingWorks.id, id), eq(processingWorks.lockedBy, userId)));
  }

  update(id: number, set: Partial<typeof processingWorks.$inferInsert>, db: Executor = this.db) {
    return db
      .update(processingWorks)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(processingWorks.id, id));
  }

  async insertWork(tx: Executor, row: typeof processingWorks.$inferInsert) {
    const [w] = await tx.insert(processingWorks).values(row).returning();
    return w!;
  }

  async insertSources(tx: Executor, rows: (typeof processingWorkSources.$inferInsert)[]) {
    if (rows.length) await tx.insert(processingWorkSources).values(rows);
  }

  async insertDataset(tx: Executor, row: typeof datasets.$inferInsert) {
    const [d] = await tx.insert(datasets).values(row).returning({ id: datasets.id });
    return d!.id;
  }

  deleteWork(id: number, db: Executor = this.db) {
    return db.delete(processingWorks).where(eq(processingWorks.id, id));
  }

  /** Whether a dataset is read right now by a training (waiting, running, canceling) or by another work's job. */
  async datasetInUse(db: Executor, datasetId: number, exceptWorkId: number): Promise<boolean> {
    const r = await db.execute<{ used: boolean }>(sql`SELECT
      EXISTS (SELECT 1 FROM learnings l WHERE l.dataset_id = ${datasetId}
              AND l.status IN ('waiting', 'running', 'canceling'))
      OR EXISTS (SELECT 1 FROM processing_work_sources s JOIN processing_works w ON w.id = s.work_id
                 LEFT JOIN jobs j ON j.id = w.job_id
                 WHERE s.dataset_id = ${datasetId} AND w.id <> ${exceptWorkId}
                   AND coalesce(j.status IN ('queued', 'running'), w.status IN ('waiting', 'progressing')))
      AS used`);
    return r.rows[0]?.used === true;
  }
}
