// One LISTEN connection per process for every PostgreSQL notification channel it follows: a server's
// features relay theirs to their SSE streams (learning, monitoring and notification events), a worker
// wakes its job fetch loops on `job_queued`. Triggers send the
// notifications, so an event written by any worker or server reaches a browser connected to any server;
// process memory never carries it. The connection is opened on the first subscription and re-opened a
// second after it is lost (the streams poll as well, so an outage only slows them down).
import { EventEmitter } from 'node:events';
import pg from 'pg';

export class PgListener {
  private readonly emitter = new EventEmitter();
  private readonly channels = new Set<string>();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly applicationName = 'sightline-events',
  ) {
    this.emitter.setMaxListeners(0);
  }

  /** Calls `fn` with the payload of every notification on `channel`; answers the unsubscribe. */
  on(channel: string, fn: (payload: string) => void): () => void {
    assertChannel(channel);
    this.emitter.on(channel, fn);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      const c = this.client;
      if (c) void c.query(`LISTEN ${channel}`).catch(() => undefined);
    }
    void this.ready();
    return () => this.emitter.off(channel, fn);
  }

  /** Resolves once listening (or once a connection attempt failed: a retry is then scheduled). */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.starting ??= this.connect().catch(() => this.retry());
    return this.starting;
  }

  private retry() {
    this.client = null;
    this.starting = null;
    if (!this.closed) setTimeout(() => void this.ready(), 1000).unref();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName });
    client.on('notification', (n) => this.emitter.emit(n.channel, n.payload ?? ''));
    const lost = () => {
      if (this.client === client) this.retry();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    // Set first: a channel subscribed from here on LISTENs itself; the loop covers the earlier ones.
    this.client = client;
    for (const ch of this.channels) await client.query(`LISTEN ${ch}`);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}

// Channel names go into SQL as identifiers: only plain lower-case names.
function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}
