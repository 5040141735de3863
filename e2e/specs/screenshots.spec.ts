// Reference screenshots at 1280×768 in both languages: login, home, 404 (e2e/screenshots/).
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { E2E_BASE_URL, login } from '../helpers';

const SHOTS = join(import.meta.dirname, '..', 'screenshots');

for (const lang of ['ko', 'en'] as const) {
  test.describe(`screenshots (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: lang, url: E2E_BASE_URL }]);
    });

    test('login', async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByTestId('login-submit')).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `login-${lang}.png`) });
    });

    test('home', async ({ page }) => {
      await login(page, 'admin', { expectUrl: /\/$/ });
      await expect(page.getByTestId('project-grid')).toBeVisible();
      await page.mouse.move(0, 400);
      await page.screenshot({ path: join(SHOTS, `home-${lang}.png`) });
    });

    test('404', async ({ page }) => {
      await login(page, 'demo-user');
      await page.goto('/no/such/page');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `404-${lang}.png`) });
    });
  });
}
