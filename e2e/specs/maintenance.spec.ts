// The on-premise maintenance window (SPEC §4, §8): during it, users other than role 1 get the
// 'service unavailable period' message, are logged out and sent to the login page. The window is
// set through the server's 'maintenance' setting in the e2e database and removed afterwards.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD, apiLogin, bearer, login } from '../helpers';

async function setWindow(active: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    if (!active) await client.query(`DELETE FROM settings WHERE key = 'maintenance'`);
    else {
      const now = Date.now();
      const value = {
        start: new Date(now - 3_600_000).toISOString(),
        end: new Date(now + 3_600_000).toISOString(),
        exemptCompanyId: null,
      };
      await client.query(
        `INSERT INTO settings (key, value) VALUES ('maintenance', $1::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify(value)],
      );
    }
  } finally {
    await client.end();
  }
}

test('a maintenance window ends the session of a user with the service-unavailable message', async ({
  page,
  request,
}) => {
  await login(page, 'demo-user', { expectUrl: /\/train$/ });
  const probe = await apiLogin(request, 'demo-company');
  await setWindow(true);
  try {
    // A setting written by another process reaches the server within its settings cache (5 s): wait
    // until another user's requests are refused before looking at this one.
    await expect
      .poll(async () => (await request.get('/api/user/information', { headers: bearer(probe) })).status(), {
        timeout: 15_000,
      })
      .toBe(503);
    await page.goto('/train/learning');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('서비스 이용 불가 기간입니다.').first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeNull();

    // Logging in again during the window is refused the same way; the system admin still gets in.
    await page.getByTestId('login-username').fill('demo-user');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('서비스 이용 불가 기간입니다.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await login(page, 'admin', { expectUrl: /\/$/ });
  } finally {
    await setWindow(false);
    // The specs after this one must find the service open again: wait out the settings cache.
    await expect
      .poll(
        async () =>
          (
            await request.post('/api/auth/login', {
              data: { username: 'demo-company', password: DEMO_PASSWORD },
            })
          ).status(),
        { timeout: 15_000 },
      )
      .toBe(200);
  }
});
