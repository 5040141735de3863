// Queries on a user's notifications, newest first.
import { desc, eq } from 'drizzle-orm';
import { notifications, type Db, type NotificationRow } from '@sightline/db';

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  latest(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }
}
