// Notifications that do not follow a job (monitoring alerts, issue 19): one call from the server or a
// worker creates the row; the table's trigger announces it on 'notification_events' like any other.
// Job notifications are written by the jobs trigger (migrations/0810_notification_jobs.sql), not here.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { notifications, projectMembers, users, type NotificationRow } from '../schema';

export interface AlertInput {
  projectId: number | null;
  /** Shown as the notification's text (already in the reader's language or a message key). */
  message: string;
}

export class NotificationAlertRepository {
  constructor(private readonly db: Db) {}

  /** One alert for one user; none for the system admin (role 1 has no notifications, SPEC §2). */
  async alertUser(userId: number, input: AlertInput): Promise<NotificationRow | null> {
    const rows = await this.alertUsers([userId], input);
    return rows[0] ?? null;
  }

  /** One alert per user (role 1 skipped); returns the rows written. */
  async alertUsers(userIds: readonly number[], input: AlertInput): Promise<NotificationRow[]> {
    if (userIds.length === 0) return [];
    const targets = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...userIds]), ne(users.roleId, 1)));
    if (targets.length === 0) return [];
    return this.db
      .insert(notifications)
      .values(
        targets.map((u) => ({
          userId: u.id,
          projectId: input.projectId,
          type: 'monitoring' as const,
          status: 'done' as const,
          progress: 100,
          message: input.message.slice(0, 500),
        })),
      )
      .returning();
  }

  /** An alert for every participant of a project (monitoring lines belong to projects). */
  async alertProject(projectId: number, message: string): Promise<NotificationRow[]> {
    const members = await this.db
      .select({ id: projectMembers.userId })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    return this.alertUsers(
      members.map((m) => m.id),
      { projectId, message },
    );
  }
}
