// One LISTEN connection per server process relays 'monitoring_events' notifications (sent by triggers on
// inspections and line_deployments with the line id) to the line-status SSE streams, so a camera posting
// to any server process is seen live by browsers connected to any other.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export class MonitoringEvents {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly url: string) {
    this.emitter.setMaxListeners(0);
  }

  /** Starts listening on first use. */
  ensureStarted(): Promise<void> {
    this.starting ??= this.start().catch((e) => {
      this.starting = null;
      throw e;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'sightline-monitoring-events',
    });
    client.on('notification', (n) => {
      if (n.payload) this.emitter.emit(`line:${n.payload}`);
    });
    const lost = () => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      setTimeout(() => {
        this.starting = null;
        void this.ensureStarted().catch(() => undefined);
      }, 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query('LISTEN monitoring_events');
    this.client = client;
  }

  subscribe(lineId: number, fn: () => void): () => void {
    this.emitter.on(`line:${lineId}`, fn);
    return () => this.emitter.off(`line:${lineId}`, fn);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
