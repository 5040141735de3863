import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp, TEST_PASSWORD } from './harness';

const t = setupTestApp();

async function world() {
  const company = await t.factory.company({ name: 'Acme' });
  const other = await t.factory.company({ name: 'Other' });
  const p1 = await t.factory.project({ companyId: company.id, endDate: '2030-12-31' });
  const p2 = await t.factory.project({ companyId: company.id });
  const p3 = await t.factory.project({ companyId: other.id });
  const l1 = await t.factory.line(p1.id, { code: 'LINE-A1', name: 'Line A1' });
  return { company, other, p1, p2, p3, l1 };
}

describe('GET /api/user/information', () => {
  it('returns the user, company, default project with lines and per-project permissions', async () => {
    const w = await world();
    const u = await t.factory.user({
      roleId: 4,
      companyId: w.company.id,
      defaultProjectId: w.p1.id,
      projects: { [w.p1.id]: [1, 2], [w.p2.id]: [2] },
    });
    const res = await t.app.inject({ url: '/api/user/information', headers: await t.loginAs(u) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: u.id,
      username: u.username,
      role_id: 4,
      reset_admin: false,
      company: { id: w.company.id, name: 'Acme' },
      default_project: {
        id: w.p1.id,
        code: w.p1.code,
        lines: [{ id: w.l1.id, code: 'LINE-A1', name: 'Line A1' }],
      },
      trial: false,
      password_alarm: false,
    });
    expect(d.projects.map((p: { id: number }) => p.id)).toEqual([w.p1.id, w.p2.id]);
    expect(d.projects[0]).toMatchObject({
      end_date: '2030-12-31',
      permissions: [1, 2],
      company: { id: w.company.id },
    });
    expect(d.permissions).toEqual({ [w.p1.id]: [1, 2], [w.p2.id]: [2] });
  });

  it('raises the password alarm after 3 months, and snooze silences it for 3 months', async () => {
    const u = await t.factory.user();
    await t.db.execute(
      sql`UPDATE users SET password_changed_at = now() - interval '4 months' WHERE id = ${u.id}`,
    );
    const h = await t.loginAs(u);
    expect(
      (await t.app.inject({ url: '/api/user/information', headers: h })).json().data.password_alarm,
    ).toBe(true);
    const snooze = await t.app.inject({ method: 'POST', url: '/api/user/password-alarm/snooze', headers: h });
    expect(snooze.statusCode).toBe(200);
    const until = new Date(snooze.json().data.snoozed_until).getTime();
    expect(until - Date.now()).toBeGreaterThan(85 * 86_400_000);
    expect(
      (await t.app.inject({ url: '/api/user/information', headers: h })).json().data.password_alarm,
    ).toBe(false);
  });
});

describe('GET /api/projects visibility', () => {
  it('role 1/2 see all, role 3 its company, role 4/5 member projects', async () => {
    const w = await world();
    const ids = async (u: { id: number; roleId: number; companyId: number | null }) =>
      (await t.app.inject({ url: '/api/projects', headers: await t.loginAs(u) }))
        .json()
        .data.map((p: { id: number }) => p.id);
    const admin = await t.factory.user({ roleId: 1 });
    const service = await t.factory.user({ roleId: 2 });
    const companyAdmin = await t.factory.user({ roleId: 3, companyId: w.company.id });
    const member = await t.factory.user({ roleId: 4, companyId: w.company.id, projects: { [w.p2.id]: [1] } });
    const trial = await t.factory.user({ roleId: 5, projects: { [w.p3.id]: [1] } });
    const all = await ids(admin);
    expect(all).toEqual(expect.arrayContaining([w.p1.id, w.p2.id, w.p3.id]));
    expect(await ids(service)).toEqual(all);
    expect(await ids(companyAdmin)).toEqual(expect.arrayContaining([w.p1.id, w.p2.id]));
    expect(await ids(companyAdmin)).not.toContain(w.p3.id);
    expect(await ids(member)).toEqual([w.p2.id]);
    expect(await ids(trial)).toEqual([w.p3.id]);
  });
});

describe('GET /api/v2/project-limit/{id}/get', () => {
  it('answers data.end_date, {} without an end date, 404 for a project the user cannot see', async () => {
    const w = await world();
    const u = await t.factory.user({ roleId: 4, projects: { [w.p1.id]: [1], [w.p2.id]: [1] } });
    const h = await t.loginAs(u);
    const withEnd = await t.app.inject({ url: `/api/v2/project-limit/${w.p1.id}/get`, headers: h });
    expect(withEnd.json()).toEqual({ data: { end_date: '2030-12-31' } });
    const noEnd = await t.app.inject({ url: `/api/v2/project-limit/${w.p2.id}/get`, headers: h });
    expect(noEnd.statusCode).toBe(200);
    expect(noEnd.json()).toEqual({});
    const hidden = await t.app.inject({ url: `/api/v2/project-limit/${w.p3.id}/get`, headers: h });
    expect(hidden.statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/api/v2/project-limit/abc/get`, headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });
});

describe('POST /api/user/change-password', () => {
  const change = async (u: { id: number; roleId: number; companyId: number | null }, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: await t.loginAs(u),
      payload: body,
    });

  it('applies the SPEC §5 rules with field-level codes', async () => {
    const u = await t.factory.user();
    const cases: [object, string, string][] = [
      [
        { oldPassword: TEST_PASSWORD, newPassword: 'short1', confirmPassword: 'short1' },
        'PASSWORD_WEAK',
        'newPassword',
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword: 'abcdefghij', confirmPassword: 'abcdefghij' },
        'PASSWORD_WEAK',
        'newPassword',
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
        'PASSWORD_SAME_AS_OLD',
        'newPassword',
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword: 'abcde12345', confirmPassword: 'abcde12346' },
        'PASSWORD_MISMATCH',
        'confirmPassword',
      ],
      [
        { oldPassword: 'wrong-old-1', newPassword: 'abcde12345', confirmPassword: 'abcde12345' },
        'PASSWORD_WRONG',
        'oldPassword',
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword: '', confirmPassword: '' },
        'PASSWORD_REQUIRED',
        'newPassword',
      ],
    ];
    for (const [body, code, field] of cases) {
      const res = await change(u, body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error).toMatchObject({ code, field });
    }
  });

  it('forced-change flow: reset_admin is reported, cleared by a change, and the new password logs in', async () => {
    const u = await t.factory.user({ resetByAdmin: true });
    const h = await t.loginAs(u);
    expect((await t.app.inject({ url: '/api/user/information', headers: h })).json().data.reset_admin).toBe(
      true,
    );
    const ok = await change(u, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'NewPass-2024',
      confirmPassword: 'NewPass-2024',
    });
    expect(ok.statusCode).toBe(200);
    const info = (await t.app.inject({ url: '/api/user/information', headers: h })).json().data;
    expect(info.reset_admin).toBe(false);
    expect(Date.now() - new Date(info.password_changed_at).getTime()).toBeLessThan(60_000);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password },
        remoteAddress: '10.1.1.1',
      });
    expect((await login('NewPass-2024')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    const u = await t.factory.user();
    const cookieOf = async (ip: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password: TEST_PASSWORD },
        remoteAddress: ip,
      });
      return r.cookies.find((c) => c.name === 'refresh_token')!.value;
    };
    const here = await cookieOf('10.2.2.1');
    const elsewhere = await cookieOf('10.2.2.2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: await t.loginAs(u),
      cookies: { refresh_token: here },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'Other-pass-77', confirmPassword: 'Other-pass-77' },
    });
    expect(res.statusCode).toBe(200);
    const refresh = (c: string) =>
      t.app.inject({ method: 'POST', url: '/api/refresh-token', cookies: { refresh_token: c } });
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await refresh(here)).statusCode).toBe(200);
  });
});

describe('GET /api/common/*', () => {
  it('serves the lookup lists translated by locale', async () => {
    const u = await t.factory.user();
    const h = await t.loginAs(u);
    const perms = await t.app.inject({ url: '/api/common/permission', headers: h });
    expect(perms.json().data).toEqual([
      { id: 1, name: '학습' },
      { id: 2, name: '모니터링' },
    ]);
    const en = await t.app.inject({
      url: '/api/common/labeling_type_list',
      headers: { ...h, 'x-locale': 'en' },
    });
    expect(en.json().data.map((x: { code: string }) => x.code)).toEqual(['cf', 'od', 'sg', 'target-region']);
    expect(en.json().data[0].name).toBe('Classification');
    for (const list of ['work_type_list', 'process_type_list', 'usage_type_list']) {
      const r = await t.app.inject({ url: `/api/common/${list}`, headers: h });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.length).toBeGreaterThan(2);
    }
    expect((await t.app.inject({ url: '/api/common/permission' })).statusCode).toBe(401);
  });
});
