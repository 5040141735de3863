// Language switch: ko (default) ↔ en, remembered in the i18n_redirected cookie for 365 days.
import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test('Korean by default; English after switching, kept across reloads and logins', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByTestId('login-submit')).toHaveText('로그인');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  await page.getByTestId('lang-switch').getByText('EN').click();
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);

  await page.reload();
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');

  // The server answers in the chosen language too (x-locale header).
  await login(page, 'demo-user');
  await expect(page.getByTestId('nav-dataset')).toHaveText('Dataset');

  await page.getByTestId('lang-switch').getByText('한국어').click();
  await expect(page.getByTestId('nav-dataset')).toHaveText('데이터셋');
  await page.reload();
  await expect(page.getByTestId('nav-dataset')).toHaveText('데이터셋');
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ko');
});
