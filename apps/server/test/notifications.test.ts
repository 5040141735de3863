// GET /api/notifications?perPage=10 (SPEC §7): every signed-in user reads their own latest
// notifications, newest first, at most 10 ({data:{data:[...]}}); the header calls it on every page.
import { describe, expect, it } from 'vitest';
import { notifications } from '@sightline/db';
import { setupTestApp } from './harness';

const t = setupTestApp();

describe('GET /api/notifications', () => {
  it('answers an empty list for a user without notifications', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const res = await t.app.inject({ url: '/api/notifications?perPage=10', headers: await t.loginAs(u) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { data: [] } });
  });

  it("lists only the caller's rows, newest first, limited by perPage", async () => {
    const u = await t.factory.user({ roleId: 3 });
    const other = await t.factory.user({ roleId: 3 });
    const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));
    await t.db.insert(notifications).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: u.id,
        type: 'learning' as const,
        progress: i,
        createdAt: at(i),
        updatedAt: at(i),
      })),
      { userId: other.id, type: 'inference' as const, status: 'done' as const, progress: 100 },
    ]);
    const res = await t.app.inject({ url: '/api/notifications?perPage=10', headers: await t.loginAs(u) });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.data as { progress: number; type: string; status: string }[];
    expect(items.map((n) => n.progress)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(items[0]).toMatchObject({ type: 'learning', status: 'in_progress', project_id: null });
    const three = await t.app.inject({ url: '/api/notifications?perPage=3', headers: await t.loginAs(u) });
    expect(three.json().data.data).toHaveLength(3);
  });

  it('refuses more than 10 per page and anonymous callers', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const big = await t.app.inject({ url: '/api/notifications?perPage=11', headers: await t.loginAs(u) });
    expect(big.statusCode).toBe(400);
    const anon = await t.app.inject({ url: '/api/notifications?perPage=10' });
    expect(anon.statusCode).toBe(401);
  });
});
