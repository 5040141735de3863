// Queries on a user's notifications, newest first; marking read.
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { notifications, type Db, type NotificationRow } from '@sightline/db';

export type ReadFilter = 'all' | 'unread' | 'read';

const ofUser = (userId: number, filter: ReadFilter = 'all'): SQL | undefined =>
  and(
    eq(notifications.userId, userId),
    filter === 'unread' ? isNull(notifications.readAt) : undefined,
    filter === 'read' ? isNotNull(notifications.readAt) : undefined,
  );

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  latest(userId: number, limit: number, offset = 0, filter: ReadFilter = 'all'): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(ofUser(userId, filter))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
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
