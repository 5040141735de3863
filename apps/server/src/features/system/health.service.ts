// /api/health from real round trips: a DB query, pg-boss counts, worker heartbeats.
import { sql } from 'drizzle-orm';
import type { Health } from '@sightline/domain';
import type { AppDeps } from '../../app-deps';
import type { WorkerRepository } from '@sightline/db';

export class HealthService {
  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'queue' | 'config'>,
    private readonly workers: Pick<WorkerRepository, 'counts' | 'recentLosses'>,
  ) {}

  async check(): Promise<Health> {
    const t0 = performance.now();
    const dbOk = await this.deps.database.db
      .execute(sql`SELECT 1`)
      .then(() => true)
      .catch(() => false);
    const latencyMs = Math.round((performance.now() - t0) * 10) / 10;

    let queue = { ok: false, queued: 0, active: 0 };
    if (this.deps.queue) {
      queue = await this.deps.queue
        .counts()
        .then((c) => ({ ok: true, ...c }))
        .catch(() => ({ ok: false, queued: 0, active: 0 }));
    }
    const w = dbOk
      ? await this.workers.counts(this.deps.config.workerStaleMs).catch(() => ({ alive: 0, lost: 0 }))
      : { alive: 0, lost: 0 };
    const recentLosses = dbOk ? await this.workers.recentLosses().catch(() => []) : [];
    const expected = this.deps.config.workers;
    const ok = dbOk && queue.ok && w.alive >= expected;
    return {
      status: ok ? 'ok' : 'degraded',
      db: { ok: dbOk, latencyMs },
      queue,
      // `lost` counts losses not yet made up for: it falls back to 0 once the workers are all back.
      workers: {
        alive: w.alive,
        lost: Math.min(w.lost, Math.max(0, expected - w.alive)),
        expected,
        recentLosses,
      },
    };
  }
}
