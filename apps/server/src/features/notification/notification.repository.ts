// Queries on a user's notifications, newest first; marking read.
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { notifications, projects, type Db, type NotificationRow } from '@sightline/db';

/** A notification with the names the list shows: its project and the work its job runs. */
export type NotificationListRow = NotificationRow & { projectName: string | null; workName: string | null };

// The work a job runs: a training, an evaluation, a comparison or a processing work (by job id).
const workName = sql<string | null>`coalesce(
  (SELECT l.name FROM learnings l WHERE l.job_id = ${notifications.jobId} LIMIT 1),
  (SELECT e.name FROM evaluations e WHERE e.job_id = ${notifications.jobId} LIMIT 1),
  (SELECT c.name FROM compares c WHERE c.job_id = ${notifications.jobId} LIMIT 1),
  (SELECT w.name FROM processing_works w WHERE w.job_id = ${notifications.jobId} LIMIT 1))`;

export type ReadFilter = 'all' | 'unread' | 'read';

const ofUser = (userId: number, filter: ReadFilter = 'all'): SQL | undefined =>
  and(
    eq(notifications.userId, userId),
    filter === 'unread' ? isNull(notifications.readAt) : undefined,
    filter === 'read' ? isNotNull(notifications.readAt) : undefined,
  );

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async latest(
    userId: number,
    limit: number,
    offset = 0,
    filter: ReadFilter = 'all',
  ): Promise<NotificationListRow[]> {
    const rows = await this.db
      .select({ n: notifications, projectName: projects.title, workName })
      .from(notifications)
      .leftJoin(projects, eq(projects.id, notifications.projectId))
      .where(ofUser(userId, filter))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r.n, projectName: r.projectName, workName: r.workName }));
  }

  async count(userId: number, filter: ReadFilter = 'all'): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(notifications).where(ofUser(userId, filter));
    return row?.n ?? 0;
  }

  /** Marks one of the user's notifications read; undefined when it is not theirs (or does not exist). */
  async markRead(userId: number, id: number): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  }

  async markAllRead(userId: number): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
