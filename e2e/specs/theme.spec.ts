// Product themes: the public-cloud theme shows /cs and hides resource monitoring and the help FAQ;
// the on-premise default is the reverse. The cloud instance is a second server started here (8091).
import { expect, test } from '@playwright/test';
import { E2E_CLOUD_PORT, login, startServer, type RunningServer } from '../helpers';

test.describe('on-premise theme (default server)', () => {
  test('shows resource monitoring, hides customer service', async ({ page }) => {
    await login(page, 'demo-user');
    await expect(page.getByTestId('nav-resourceMonitoring')).toBeVisible();
    await expect(page.getByTestId('nav-cs')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'onprem');
    await page.goto('/resource-monitoring');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    // The help frame lists the FAQ categories of the section.
    await page.goto('/train/learning');
    await page.getByTestId('cs-button').click();
    await expect(page.getByTestId('cs-frame')).toContainText('자주 묻는 질문');
    // Learning section: only category 4, searchable; the button opens /cs with type 1 and the key.
    await expect(page.getByTestId('faq-category-4')).toBeVisible();
    await expect(page.getByTestId('faq-category-2')).toHaveCount(0);
    await page.getByTestId('faq-search').fill('동시에');
    await expect(page.getByTestId('faq-item')).toHaveCount(1);
    await page.getByTestId('cs-inquiry').click();
    await expect(page).toHaveURL(/\/cs\?type=1&key=[0-9a-z]{8}$/);
    await expect(page.getByTestId('cs-key')).toBeVisible();
    await expect(page.getByTestId('cs-type-guide')).toContainText('프로젝트명');
  });
});

test.describe('public-cloud theme', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ baseURL: `http://127.0.0.1:${E2E_CLOUD_PORT}` });
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer({ port: E2E_CLOUD_PORT, productName: 'cloud' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows customer service, hides resource monitoring', async ({ page }) => {
    await login(page, 'demo-user');
    await expect(page.locator('html')).toHaveAttribute('data-product', 'cloud');
    await expect(page.getByTestId('nav-cs')).toBeVisible();
    await expect(page.getByTestId('nav-resourceMonitoring')).toHaveCount(0);
    await page.goto('/resource-monitoring');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/train/learning');
    await page.getByTestId('cs-button').click();
    await expect(page.getByTestId('cs-frame')).not.toContainText('자주 묻는 질문');
    await page.getByTestId('cs-frame').getByRole('link', { name: '고객센터 바로가기' }).click();
    await expect(page).toHaveURL(/\/cs$/);
  });

  test('the line dropdown appears on monitoring pages outside the on-premise theme', async ({ page }) => {
    await login(page, 'demo-user');
    await page.goto('/monitoring/line');
    await expect(page.getByTestId('line-select')).toBeVisible();
  });
});
