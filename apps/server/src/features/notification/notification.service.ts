// The caller's latest notifications (the header dropdown). Every signed-in user reads only their own.
import type { Actor, Notification } from '@sightline/domain';
import type { NotificationRow } from '@sightline/db';
import type { NotificationRepository } from './notification.repository';

export const mapNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  type: n.type,
  status: n.status,
  progress: n.progress,
  project_id: n.projectId,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

export class NotificationService {
  constructor(private readonly repo: Pick<NotificationRepository, 'latest'>) {}

  async latest(actor: Actor, perPage: number): Promise<Notification[]> {
    return (await this.repo.latest(actor.id, perPage)).map(mapNotification);
  }
}
