// Builds the notifications feature from the repository it uses.
import type { AppDeps } from '../../app-deps';
import { NotificationRepository } from './notification.repository';
import { NotificationService } from './notification.service';

export function createNotificationServices(deps: Pick<AppDeps, 'database'>) {
  return { notifications: new NotificationService(new NotificationRepository(deps.database.db)) };
}
