// Queries on download requests, joined with their job (status, progress, result) and project/user.
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { downloadRequests, jobs, projects, users, type DownloadRequestRow } from '../schema';

const itemColumns = {
  r: downloadRequests,
  status: jobs.status,
  progress: jobs.progress,
  result: jobs.result,
  projectCode: projects.code,
  username: users.username,
};

export type DownloadListRow = Awaited<ReturnType<DownloadRepository['list']>>['rows'][number];

export class DownloadRepository {
  constructor(private readonly db: Db) {}

  async insert(row: typeof downloadRequests.$inferInsert): Promise<void> {
    await this.db.insert(downloadRequests).values(row);
  }

  private base() {
    return this.db
      .select(itemColumns)
      .from(downloadRequests)
      .innerJoin(jobs, eq(jobs.id, downloadRequests.jobId))
      .innerJoin(projects, eq(projects.id, downloadRequests.projectId))
      .innerJoin(users, eq(users.id, downloadRequests.userId));
  }

  async list(projectId: number, kind: 'dataset' | 'output', userId: number, page: number, perPage: number) {
    const where = and(
      eq(downloadRequests.projectId, projectId),
      eq(downloadRequests.kind, kind),
      eq(downloadRequests.userId, userId),
    );
    const rows = await this.base()
      .where(where)
      .orderBy(desc(downloadRequests.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [total] = await this.db.select({ n: count() }).from(downloadRequests).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async find(jobId: string) {
    const [row] = await this.base().where(eq(downloadRequests.jobId, jobId));
    return row;
  }

  async expired(now: Date): Promise<DownloadRequestRow[]> {
    return this.db.select().from(downloadRequests).where(lt(downloadRequests.expiresAt, now)).limit(1000);
  }

  async delete(jobId: string): Promise<void> {
    await this.db.delete(downloadRequests).where(eq(downloadRequests.jobId, jobId));
  }
}
