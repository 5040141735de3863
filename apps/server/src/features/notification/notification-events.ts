// A user's notification changes, from the app's one LISTEN connection (@sightline/db PgListener): the
// trigger on notifications sends 'notification_events' with the user id, so a notification written by
// any worker or server reaches a browser connected to any server.
import type { PgListener } from '@sightline/db';

export const NOTIFICATION_CHANNEL = 'notification_events';

export class NotificationEvents {
  constructor(private readonly listener: Pick<PgListener, 'on' | 'ready'>) {}

  /** Calls `fn` on every change of one of the user's notifications; resolves once listening. */
  async subscribe(userId: number, fn: () => void): Promise<() => void> {
    const key = String(userId);
    const off = this.listener.on(NOTIFICATION_CHANNEL, (payload) => {
      if (payload === key) fn();
    });
    await this.listener.ready(); // streams poll meanwhile when the connection is down
    return off;
  }
}
