import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();

describe('admin dashboard', () => {
  it('counts real rows, running jobs and pending reset requests, with recent activity', async () => {
    const sysUser = await t.factory.user({ roleId: 1, companyId: null, username: 'dash-admin' });
    const h = await t.loginAs(sysUser);
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: h })).json()
      .data.counts;

    const c = await t.factory.company();
    const p = await t.factory.project({ companyId: c.id });
    await t.factory.line(p.id);
    await t.factory.line(p.id);
    const u = await t.factory.user({ roleId: 4, companyId: c.id });
    await t.db.execute(
      sql`INSERT INTO jobs (id, queue, kind, status, user_id) VALUES (${randomUUID()}, 'q', 'system.sleep', 'running', ${u.id}), (${randomUUID()}, 'q', 'system.sleep', 'queued', ${u.id})`,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      payload: { username: u.username },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: h,
      payload: { name: 'Dashboard Co' },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: h });
    expect(res.statusCode).toBe(200);
    const { counts, recent } = res.json().data;
    expect(counts).toEqual({
      companies: before.companies + 2,
      projects: before.projects + 1,
      lines: before.lines + 2,
      users: before.users + 1,
      runningJobs: before.runningJobs + 1,
      pendingResetRequests: before.pendingResetRequests + 1,
    });
    expect(recent[0]).toMatchObject({
      action: 'company.create',
      actor: { id: sysUser.id, username: 'dash-admin', name: 'T*******r' },
    });
    expect(recent.length).toBeLessThanOrEqual(10);
  });
});

describe('history', () => {
  it('filters by actor, action, entity type and date, and pages newest first', async () => {
    const a = await t.factory.user({ roleId: 1, companyId: null });
    const b = await t.factory.user({ roleId: 2, companyId: null });
    const ha = await t.loginAs(a);
    const hb = await t.loginAs(b);
    for (const n of [1, 2, 3])
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/companies',
        headers: ha,
        payload: { name: `Hist A${n}` },
      });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: hb,
      payload: { name: 'Hist B1' },
    });

    const byActor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/history?actorId=${a.id}&perPage=2`,
      headers: ha,
    });
    expect(byActor.json().data.total).toBe(3);
    expect(byActor.json().data.data.map((e: { after: { name: string } }) => e.after.name)).toEqual([
      'Hist A3',
      'Hist A2',
    ]);
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/admin/history?actorId=${a.id}&perPage=2&page=2`,
      headers: ha,
    });
    expect(page2.json().data.data.map((e: { after: { name: string } }) => e.after.name)).toEqual(['Hist A1']);

    const today = new Date().toISOString().slice(0, 10);
    const dated = await t.app.inject({
      method: 'GET',
      url: `/api/admin/history?actorId=${b.id}&from=${today}&to=${today}&entityType=company&action=company.create`,
      headers: ha,
    });
    expect(dated.json().data.total).toBe(1);
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/admin/history?actorId=${b.id}&to=2000-01-01`,
      headers: ha,
    });
    expect(past.json().data.total).toBe(0);
    // Only the system admin reads the history (the service admin is refused).
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/history', headers: hb })).statusCode).toBe(
      403,
    );
  });

  it('is written in the same transaction as the change: a refused change leaves no record', async () => {
    const h = await t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
    const count = async () =>
      Number((await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM audit_log`)).rows[0]!.n);
    await t.factory.project({ code: 'ATOMIC-1' });
    const c = await t.factory.company();
    const n0 = await count();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/projects',
      headers: h,
      payload: { code: 'ATOMIC-1', companyId: c.id, title: 't' },
    });
    expect(dup.statusCode).toBe(409);
    expect(await count()).toBe(n0);
    // A refused multi-step write (an account with a project of another company) leaves neither row nor record.
    const foreign = await t.factory.project();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: h,
      payload: {
        username: 'half-made',
        password: 'Abcdef123456',
        name: 'n',
        department: 'd',
        roleId: 4,
        companyId: c.id,
        projects: [{ projectId: foreign.id, permissions: [1] }],
      },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.db.execute(sql`SELECT 1 FROM users WHERE username = 'half-made'`)).rows).toHaveLength(0);
    expect(await count()).toBe(n0);
  });
});
