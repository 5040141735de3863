// Trial accounts (SPEC §4, §6): role 5 on the public-cloud product. demo-trial logs in and sees its
// navigation; once its expires_at has passed, the next request ends the session with the translated
// 'trial account has expired' message and logging in again is refused. A cloud server of its own (8092).
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { credentials, login, startServer, type RunningServer } from '../helpers';

const TRIAL_PORT = 8092;
const EXPIRED_KO = '체험 계정의 사용 기간이 만료되었습니다.';

test.describe('trial account on the public-cloud theme', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ baseURL: `http://127.0.0.1:${TRIAL_PORT}` });
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer({ port: TRIAL_PORT, productName: 'cloud' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function setExpiry(interval: string): Promise<void> {
    expect(server?.databaseUrl, 'the server printed its database URL').toBeTruthy();
    const client = new pg.Client({ connectionString: server!.databaseUrl! });
    await client.connect();
    try {
      const res = await client.query(
        `UPDATE users SET expires_at = now() + $1::interval WHERE username = $2`,
        [interval, credentials['demo-trial'].username],
      );
      expect(res.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  }

  test('logs in with its navigation, then is logged out once the account has expired', async ({ page }) => {
    await login(page, 'demo-trial');
    await expect(page.locator('html')).toHaveAttribute('data-product', 'cloud');
    await expect(page.getByTestId('nav-dataset')).toBeVisible();
    await expect(page.getByTestId('nav-learning')).toBeVisible();
    await expect(page.getByTestId('nav-cs')).toBeVisible();
    await expect(page.getByTestId('nav-resourceMonitoring')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toContainText('Demo Trial');

    await setExpiry('-1 minute');
    // The next request (the page's user-information load) is answered 403 ACCOUNT_EXPIRED.
    await page.goto('/train/learning');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText(EXPIRED_KO).first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeNull();

    // Logging in again is refused with the same message.
    await page.getByTestId('login-username').fill(credentials['demo-trial'].username);
    await page.getByTestId('login-password').fill(credentials['demo-trial'].password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(EXPIRED_KO).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // An extended account gets back in.
    await setExpiry('30 days');
    await login(page, 'demo-trial');
    await expect(page.getByTestId('nav-dataset')).toBeVisible();
  });
});
