// One LISTEN connection per server process for 'learning_events' (a trigger on learnings sends
// "<id>:<project_id>" on every change), relayed to the SSE streams of one learning or one project.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export class LearningEvents {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly url: string) {
    this.emitter.setMaxListeners(0);
  }

  /** Connects on first use; streams poll as well, so a lost connection only slows them down. */
  ensureStarted(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.starting ??= this.connect().catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'sightline-learning-events',
    });
    client.on('notification', (n) => {
      const [id, project] = (n.payload ?? '').split(':');
      if (id) this.emitter.emit(`l:${id}`);
      if (project) this.emitter.emit(`p:${project}`, Number(id));
    });
    const lost = () => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      this.starting = null;
      setTimeout(() => void this.ensureStarted(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query('LISTEN learning_events');
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  onLearning(id: number, fn: () => void): () => void {
    void this.ensureStarted();
    this.emitter.on(`l:${id}`, fn);
    return () => this.emitter.off(`l:${id}`, fn);
  }

  onProject(projectId: number, fn: (learningId: number) => void): () => void {
    void this.ensureStarted();
    this.emitter.on(`p:${projectId}`, fn);
    return () => this.emitter.off(`p:${projectId}`, fn);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
