// One LISTEN connection per server process relays 'job_events' notifications (sent by a trigger on
// jobs) to SSE streams, so progress written by any worker reaches any server.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export class JobEvents {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private closed = false;

  constructor(private readonly url: string) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'sightline-job-events' });
    client.on('notification', (n) => {
      if (n.payload) this.emitter.emit(n.payload);
    });
    // Lost connection: reconnect (once per lost client); streams also poll meanwhile.
    const lost = () => {
      if (this.client === client) this.reconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query('LISTEN job_events');
    this.client = client;
  }

  private reconnect() {
    if (this.closed) return;
    this.client = null;
    setTimeout(() => this.start().catch(() => this.reconnect()), 1000).unref();
  }

  subscribe(jobId: string, fn: () => void): () => void {
    this.emitter.on(jobId, fn);
    return () => this.emitter.off(jobId, fn);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
