// GET /api/status (the /status page): admins only; storage round trip, disk, job queue counts and the
// trainer check (cached), on top of /api/health.
import { describe, expect, it } from 'vitest';
import { createSystemServices } from '../src/features/system/system.module';
import { StatusService } from '../src/features/status/status.service';
import { setupTestApp } from './harness';

const t = setupTestApp();

describe('system status', () => {
  it('refuses users below the service admin and anonymous callers', async () => {
    for (const roleId of [3, 4] as const) {
      const u = await t.factory.user({ roleId });
      const res = await t.app.inject({ url: '/api/status', headers: await t.loginAs(u) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/status' })).statusCode).toBe(401);
  });

  it('reports storage, disk, queue and a cached trainer check', async () => {
    let calls = 0;
    const service = new StatusService(t.deps, createSystemServices(t.deps).health, async () => {
      calls++;
      return { torch: '2.x', threads: 2 };
    });
    const s = await service.status();
    expect(s.health.db.ok).toBe(true);
    expect(s.storage).toMatchObject({ ok: true, kind: 'local', error: null });
    expect(s.disk.total_bytes).toBeGreaterThan(0);
    expect(s.disk.used_pct).toBeGreaterThan(0);
    expect(s.jobs).toEqual({ running: 0, queued: 0, failed_24h: 0 });
    expect(s.trainer).toMatchObject({ ok: true, torch: '2.x', threads: 2 });
    await service.status();
    expect(calls).toBe(1);
    const broken = new StatusService(t.deps, createSystemServices(t.deps).health, async () => {
      throw new Error('TRAINER_UNAVAILABLE: no torch');
    });
    const b = await broken.status();
    expect(b.status).toBe('degraded');
    expect(b.trainer).toMatchObject({ ok: false, error: 'TRAINER_UNAVAILABLE: no torch' });
  });
});
