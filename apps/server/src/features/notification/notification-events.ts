// One LISTEN connection per server process relays 'notification_events' (sent by a trigger on
// notifications, payload: the user id) to that user's SSE streams, so a notification written by any
// worker or server reaches a browser connected to any server. Started on the first subscription.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export class NotificationEvents {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly url: string) {
    this.emitter.setMaxListeners(0);
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: 'sightline-notification-events',
      });
      client.on('notification', (n) => {
        if (n.payload) this.emitter.emit(n.payload);
      });
      const lost = () => {
        if (this.client === client) this.reconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query('LISTEN notification_events');
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
    })().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private reconnect() {
    this.client = null;
    this.starting = null;
    if (this.closed) return;
    setTimeout(() => this.start().catch(() => this.reconnect()), 1000).unref();
  }

  /** Calls `fn` on every change of one of the user's notifications; returns unsubscribe. */
  async subscribe(userId: number, fn: () => void): Promise<() => void> {
    const key = String(userId);
    this.emitter.on(key, fn);
    await this.start().catch(() => this.reconnect()); // streams poll meanwhile
    return () => this.emitter.off(key, fn);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
