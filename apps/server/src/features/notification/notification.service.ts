// The caller's notifications (header dropdown, /my/notifications). Every signed-in user reads and marks
// only their own: another user's id answers 404 as if it did not exist.
import type { Actor, Notification } from '@sightline/domain';
import type { NotificationRow } from '@sightline/db';
import { AppError } from '../../common/app-error';
import type { NotificationListRow, NotificationRepository, ReadFilter } from './notification.repository';

export const mapNotification = (
  n: NotificationRow & Partial<Pick<NotificationListRow, 'projectName' | 'workName'>>,
): Notification => ({
  id: n.id,
  type: n.type,
  status: n.status,
  progress: n.progress,
  project_id: n.projectId,
  project_name: n.projectName ?? null,
  work_name: n.workName ?? null,
  job_id: n.jobId,
  job_status: n.jobStatus,
  message: n.message,
  is_read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

export class NotificationService {
  constructor(
    private readonly repo: Pick<NotificationRepository, 'latest' | 'count' | 'markRead' | 'markAllRead'>,
  ) {}

  async latest(actor: Actor, perPage: number): Promise<Notification[]> {
    return (await this.repo.latest(actor.id, perPage)).map(mapNotification);
  }

  async page(actor: Actor, q: { page: number; perPage: number; filter: ReadFilter }) {
    const [rows, total, unread] = await Promise.all([
      this.repo.latest(actor.id, q.perPage, (q.page - 1) * q.perPage, q.filter),
      this.repo.count(actor.id, q.filter),
      this.repo.count(actor.id, 'unread'),
    ]);
    return { data: rows.map(mapNotification), total, unread };
  }

  async markRead(actor: Actor, id: number): Promise<Notification> {
    const row = await this.repo.markRead(actor.id, id);
    if (!row) throw AppError.notFound('id');
    return mapNotification(row);
  }

  async markAllRead(actor: Actor): Promise<{ updated: number }> {
    return { updated: await this.repo.markAllRead(actor.id) };
  }
}
