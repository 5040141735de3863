import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, setupTestApp, TEST_PASSWORD } from './harness';
import { MAINTENANCE_SETTING } from '../src/features/auth/account-guard';

const t = setupTestApp({ config: { productName: 'onprem' } });

const activeWindow = (exemptCompanyId: number | null = null) => ({
  start: new Date(Date.now() - 3_600_000).toISOString(),
  end: new Date(Date.now() + 3_600_000).toISOString(),
  exemptCompanyId,
});

describe('maintenance window (onprem)', () => {
  it('the fixed 2024 window is not active now: everyone passes', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const res = await t.app.inject({ url: '/api/user/information', headers: await t.loginAs(u) });
    expect(res.statusCode).toBe(200);
    const cfg = (await t.app.inject({ url: '/api/config' })).json();
    expect(cfg.maintenance).toMatchObject({
      start: '2024-10-09T08:00:00+09:00',
      end: '2024-10-10T10:00:00+09:00',
      active: false,
      applies: true,
    });
  });

  it('an active window (setting) answers 503 MAINTENANCE and revokes the refresh token; role 1 and the exempt company pass', async () => {
    const exempt = await t.factory.company();
    await t.deps.settings.set(MAINTENANCE_SETTING, activeWindow(exempt.id));
    try {
      const user = await t.factory.user({ roleId: 4 });
      const admin = await t.factory.user({ roleId: 1 });
      const exemptUser = await t.factory.user({ roleId: 3, companyId: exempt.id });
      // A session that existed before the window: its refresh token must die on the first request.
      await t.deps.settings.delete(MAINTENANCE_SETTING);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: TEST_PASSWORD },
        remoteAddress: '10.5.5.5',
      });
      const refresh = login.cookies.find((c) => c.name === 'refresh_token')!.value;
      await t.deps.settings.set(MAINTENANCE_SETTING, activeWindow(exempt.id));

      const blocked = await t.app.inject({ url: '/api/user/information', headers: await t.loginAs(user) });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json().error.code).toBe('MAINTENANCE');
      expect(blocked.json().error.message).toBe('서비스 이용 불가 기간입니다.');
      const revoked = await t.db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ${user.id} AND revoked_at IS NULL`,
      );
      expect(Number(revoked.rows[0]!.n)).toBe(0);
      await t.deps.settings.delete(MAINTENANCE_SETTING);
      const after = await t.app.inject({
        method: 'POST',
        url: '/api/refresh-token',
        cookies: { refresh_token: refresh },
      });
      expect(after.statusCode).toBe(401);
      await t.deps.settings.set(MAINTENANCE_SETTING, activeWindow(exempt.id));

      const loginBlocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: TEST_PASSWORD },
        remoteAddress: '10.5.5.6',
      });
      expect(loginBlocked.statusCode).toBe(503);

      expect(
        (await t.app.inject({ url: '/api/user/information', headers: await t.loginAs(admin) })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/user/information', headers: await t.loginAs(exemptUser) }))
          .statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: '/api/config' })).json().maintenance.active).toBe(true);
    } finally {
      await t.deps.settings.delete(MAINTENANCE_SETTING);
    }
  });

  it('does not apply to other products', async () => {
    const cloud = await createTestApp({ config: { productName: 'cloud' } });
    try {
      await cloud.deps.settings.set(MAINTENANCE_SETTING, activeWindow());
      const u = await cloud.factory.user({ roleId: 4 });
      expect(
        (await cloud.app.inject({ url: '/api/user/information', headers: await cloud.loginAs(u) }))
          .statusCode,
      ).toBe(200);
      expect((await cloud.app.inject({ url: '/api/config' })).json().maintenance.applies).toBe(false);
    } finally {
      await cloud.close();
    }
  });
});

describe('trial expiry (cloud)', () => {
  it('role 5 past expires_at gets 403 ACCOUNT_EXPIRED on cloud only; before expiry it works', async () => {
    const cloud = await createTestApp({ config: { productName: 'cloud' } });
    try {
      const expired = await cloud.factory.user({
        roleId: 5,
        trial: true,
        expiresAt: new Date(Date.now() - 1000),
      });
      const valid = await cloud.factory.user({
        roleId: 5,
        trial: true,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const res = await cloud.app.inject({
        url: '/api/projects',
        headers: { ...(await cloud.loginAs(expired)), 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'ACCOUNT_EXPIRED',
        message: 'This trial account has expired.',
      });
      const login = await cloud.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: expired.username, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(403);
      expect(
        (await cloud.app.inject({ url: '/api/projects', headers: await cloud.loginAs(valid) })).statusCode,
      ).toBe(200);
      const info = (
        await cloud.app.inject({ url: '/api/user/information', headers: await cloud.loginAs(valid) })
      ).json().data;
      expect(info.trial).toBe(true);
      expect(info.expires_at).not.toBeNull();
    } finally {
      await cloud.close();
    }
    // On onprem a role-5 account with a past date is not a trial account (SPEC §6).
    const u = await t.factory.user({ roleId: 5, trial: true, expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: '/api/projects', headers: await t.loginAs(u) })).statusCode).toBe(200);
  });
});
