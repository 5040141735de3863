// pg-boss behind a small interface (STYLE.md §4): the server sends and cancels; workers consume.
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { JOB_KINDS, type JobKind } from '@sightline/domain';

export const BOSS_SCHEMA = 'pgboss';

export interface SendOptions {
  id: string;
  singletonKey?: string;
  retryLimit?: number;
  /** Run the insert on this client (inside the caller's transaction). */
  client?: pg.PoolClient;
}

export interface JobQueue {
  readonly boss: PgBoss;
  send(kind: JobKind, payload: object, opts: SendOptions): Promise<string | null>;
  cancel(kind: string, id: string): Promise<void>;
  /** Fails an active job: pg-boss retries it while retries remain. Returns the resulting state. */
  failActive(kind: string, id: string, message: string): Promise<'retry' | 'failed' | 'gone'>;
  counts(): Promise<{ queued: number; active: number }>;
  stop(): Promise<void>;
}

export function createBoss(
  url: string,
  opts: {
    supervise: boolean;
    max?: number;
    /** pg-boss errors (default: one console line each; the apps pass an OutageLog-aware handler). */
    onError?: (err: Error) => void;
  },
): PgBoss {
  const boss = new PgBoss({
    connectionString: url,
    schema: BOSS_SCHEMA,
    max: opts.max ?? 4,
    supervise: opts.supervise,
    schedule: false,
    // Long jobs (training) report progress; a dead worker is detected by heartbeats, not by expiry.
    expireInHours: 23,
    retryLimit: 1,
    retryDelay: 0,
  });
  boss.on('error', opts.onError ?? ((err) => console.error('[pg-boss]', err.message)));
  return boss;
}

/** Starts pg-boss (creating or migrating its schema) and one queue per job kind. */
export async function startBoss(boss: PgBoss): Promise<void> {
  await boss.start();
  for (const kind of JOB_KINDS) await boss.createQueue(kind);
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    boss,
    async send(kind, payload, opts) {
      const db = opts.client
        ? { executeSql: (text: string, values: unknown[]) => opts.client!.query(text, values) }
        : undefined;
      return boss.send(kind, payload, {
        id: opts.id,
        singletonKey: opts.singletonKey,
        retryLimit: opts.retryLimit,
        db,
      });
    },
    cancel: (kind, id) => boss.cancel(kind, id),
    async failActive(kind, id, message) {
      const job = await boss.getJobById(kind, id);
      if (!job || job.state !== 'active') return 'gone';
      await boss.fail(kind, id, { message });
      return job.retryCount < job.retryLimit ? 'retry' : 'failed';
    },
    async counts() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT state, count(*) AS n FROM ${BOSS_SCHEMA}.job WHERE state IN ('created','retry','active') GROUP BY state`,
          [],
        );
      const n = (s: string) => Number(rows.find((r: { state: string }) => r.state === s)?.n ?? 0);
      return { queued: n('created') + n('retry'), active: n('active') };
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
