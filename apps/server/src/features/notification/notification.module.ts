// Builds the notifications feature from the repository it uses.
import type { AppDeps } from '../../app-deps';
import { NotificationRepository } from './notification.repository';
import { NotificationService } from './notification.service';

export function createNotificationServices(deps: Pick<AppDeps, 'database'>) {
  const repo = new NotificationRepository(deps.database.db);
  return { notifications: new NotificationService(repo), repo };
}
