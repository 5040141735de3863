// The /status page's figures for administrators: /api/health (database, queue, workers) plus a storage
// round trip, the data disk's free space, the job queue from the jobs table and whether the trainer
// (Python + PyTorch) starts. The trainer check spawns Python, so its answer is kept for 5 minutes.
import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { SystemStatus } from '@sightline/domain';
import { checkTrainer } from '@sightline/vision';
import type { AppDeps } from '../../app-deps';
import type { HealthService } from '../system/health.service';

const TRAINER_TTL_MS = 5 * 60_000;
const errText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

export class StatusService {
  private trainer: { at: number; value: SystemStatus['trainer'] } | null = null;
  private trainerRun: Promise<SystemStatus['trainer']> | null = null;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'storage' | 'config'>,
    private readonly health: Pick<HealthService, 'check'>,
    private readonly checkTrainerFn: typeof checkTrainer = checkTrainer,
  ) {}

  async status(): Promise<SystemStatus> {
    const [health, storage, disk, jobs, trainer] = await Promise.all([
      this.health.check(),
      this.storageProbe(),
      this.disk(),
      this.jobs(),
      this.trainerStatus(),
    ]);
    const ok = health.status === 'ok' && storage.ok && disk.ok && trainer.ok;
    return {
      status: ok ? 'ok' : 'degraded',
      checked_at: new Date().toISOString(),
      health,
      storage,
      disk,
      jobs,
      trainer,
    };
  }

  private async storageProbe(): Promise<SystemStatus['storage']> {
    const key = `status/probe-${randomUUID()}`;
    const t0 = performance.now();
    try {
      await this.deps.storage.put(key, Buffer.from('ok'));
      const got = await this.deps.storage.get(key);
      got?.stream.resume();
      await this.deps.storage.delete(key);
      if (!got) throw new Error('written object not found');
      return {
        ok: true,
        kind: this.deps.storage.kind,
        latency_ms: Math.round(performance.now() - t0),
        error: null,
      };
    } catch (e) {
      return { ok: false, kind: this.deps.storage.kind, latency_ms: null, error: errText(e) };
    }
  }

  private async disk(): Promise<SystemStatus['disk']> {
    try {
      const s = await statfs(this.deps.config.dataDir);
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      const usedPct = total > 0 ? Math.round(((total - free) / total) * 1000) / 10 : 0;
      return {
        ok: usedPct < 95,
        path: this.deps.config.dataDir,
        total_bytes: total,
        free_bytes: free,
        used_pct: usedPct,
      };
    } catch {
      return { ok: false, path: this.deps.config.dataDir, total_bytes: 0, free_bytes: 0, used_pct: 0 };
    }
  }

  private async jobs(): Promise<SystemStatus['jobs']> {
    const res = await this.deps.database.db.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'running') AS running,
             count(*) FILTER (WHERE status = 'queued') AS queued,
             count(*) FILTER (WHERE status = 'failed' AND finished_at > now() - interval '24 hours') AS failed_24h
        FROM jobs`);
    const r = res.rows[0] ?? {};
    return {
      running: Number(r.running ?? 0),
      queued: Number(r.queued ?? 0),
      failed_24h: Number(r.failed_24h ?? 0),
    };
  }

  private async trainerStatus(): Promise<SystemStatus['trainer']> {
    if (this.trainer && Date.now() - this.trainer.at < TRAINER_TTL_MS) return this.trainer.value;
    this.trainerRun ??= this.checkTrainerFn()
      .then((t) => ({
        ok: true,
        torch: t.torch,
        threads: t.threads,
        error: null,
        checked_at: new Date().toISOString(),
      }))
      .catch((e: unknown) => ({
        ok: false,
        torch: null,
        threads: null,
        error: errText(e),
        checked_at: new Date().toISOString(),
      }))
      .then((value) => {
        this.trainer = { at: Date.now(), value };
        this.trainerRun = null;
        return value;
      });
    return this.trainerRun;
  }
}
