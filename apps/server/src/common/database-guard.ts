// While PostgreSQL is unreachable (killed, restarting, network) every API call answers
// 503 DATABASE_UNAVAILABLE with Retry-After instead of 500 INTERNAL, and the outage is logged once
// (down, then back) rather than once per request. One DatabaseAvailability per Database: it learns of
// an outage from a failed query (error handler) or its own probe, and while down probes every
// PROBE_DOWN_MS so service resumes as soon as the database answers again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, type Database } from '@sightline/db';
import { ErrorCode } from '@sightline/domain';
import { sendError } from './error-handler';

export const RETRY_AFTER_SEC = 5;
const PROBE_UP_MS = 2_000;
const PROBE_DOWN_MS = 500;

// The classification is shared with the worker (packages/db), so both log an outage the same way.
export { isDatabaseUnavailable };

export class DatabaseAvailability {
  private downSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;
  private stopped = true;
  outages = 0;

  constructor(
    private readonly database: Database,
    private log: (m: string) => void = (m) => console.log(`[sightline] ${m}`),
  ) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  setLog(log: (m: string) => void) {
    this.log = log;
  }

  /** A query failed because the database is unreachable. Logs once per outage. */
  reportDown(reason: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.outages++;
    const why = reason instanceof Error ? reason.message : String(reason);
    this.log(`database unavailable (${why}); answering 503 until it is back`);
    this.schedule(PROBE_DOWN_MS);
  }

  private reportUp(): void {
    if (this.downSince === null) return;
    const sec = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.log(`database available again after ${sec} s`);
  }

  /** One round trip; flips the state either way. */
  async probe(): Promise<boolean> {
    if (this.probing) return !this.down;
    this.probing = true;
    try {
      await this.database.pool.query('SELECT 1');
      this.reportUp();
      return true;
    } catch (err) {
      this.reportDown(err);
      return false;
    } finally {
      this.probing = false;
    }
  }

  start(): void {
    this.stopped = false;
    this.schedule(PROBE_UP_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.probe().finally(() => {
        if (!this.stopped || this.down) this.schedule(this.down ? PROBE_DOWN_MS : PROBE_UP_MS);
      });
    }, ms);
    this.timer.unref();
  }
}

const registry = new WeakMap<Database, DatabaseAvailability>();

/** The availability tracker of a database (one per Database object). */
export function databaseAvailability(database: Database): DatabaseAvailability {
  let a = registry.get(database);
  if (!a) registry.set(database, (a = new DatabaseAvailability(database)));
  return a;
}

export function sendDatabaseUnavailable(req: FastifyRequest, reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SEC));
  return sendError(req, reply, 503, ErrorCode.DatabaseUnavailable);
}

/** The app side: a fast 503 for API calls while the database is known to be down; probes while running. */
export function databaseGuard(app: FastifyInstance): void {
  const availability = databaseAvailability(app.deps.database);
  app.addHook('onRequest', async (req, reply) => {
    if (!availability.down) return;
    if (req.url === '/api' || req.url.startsWith('/api/')) {
      if (req.url.startsWith('/api/health')) return; // health reports the outage itself
      return sendDatabaseUnavailable(req, reply);
    }
  });
  app.addHook('onReady', async () => availability.start());
  app.addHook('onClose', async () => availability.stop());
}
