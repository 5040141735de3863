// Guards and navigation per role (SPEC §2, §4, §6): visitors only reach public pages, each demo
// role sees exactly its side-navigation entries, non-role-1 users are refused /admin.
import { expect, test, type Page } from '@playwright/test';
import { login, type TestUser } from '../helpers';

const TRAIN = ['dataset', 'processing', 'learning', 'inference', 'monitoring'];
const EXPECTED_NAV: Record<TestUser, string[]> = {
  admin: [...TRAIN, 'resourceMonitoring', 'useHistory', 'admin'],
  'demo-service': [
    ...TRAIN,
    'myInfo',
    'myProjects',
    'myUsers',
    'myStatistics',
    'notifications',
    'resourceMonitoring',
    'useHistory',
    'notices',
    'noticeAdmin',
  ],
  'demo-company': [...TRAIN, 'myInfo', 'myStatistics', 'notifications', 'resourceMonitoring', 'notices'],
  'demo-user': [...TRAIN, 'myInfo', 'myStatistics', 'notifications', 'resourceMonitoring', 'notices'],
  'demo-trial': [...TRAIN, 'myInfo', 'myStatistics', 'notifications', 'resourceMonitoring', 'notices'],
};

async function navKeys(page: Page): Promise<string[]> {
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  const ids = await nav
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
  return ids.filter((id) => id !== 'nav-toggle').map((id) => id.slice(4));
}

test.describe('visitors', () => {
  for (const path of ['/train', '/train/dataset', '/admin', '/my', '/monitoring', '/', '/use-history']) {
    test(`${path} sends a visitor to the login page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
    });
  }
  for (const path of ['/notices', '/intro', '/cs', '/privacyPolicy']) {
    test(`${path} is public`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('app-header')).toBeVisible();
      await expect(page.getByTestId('side-nav')).toHaveCount(0);
    });
  }
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/definitely/not/here');
    await expect(page.getByText('페이지를 찾을 수 없습니다')).toBeVisible();
    await page.getByRole('link', { name: '홈으로 돌아가기' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe('navigation per role', () => {
  for (const user of Object.keys(EXPECTED_NAV) as TestUser[]) {
    test(`${user} sees exactly its navigation`, async ({ page }) => {
      await login(page, user);
      await page.goto('/train/processing');
      expect(await navKeys(page)).toEqual(EXPECTED_NAV[user]);
      // Role 1 has no notification menu; everyone else has one.
      await expect(page.getByTestId('notifications-button')).toHaveCount(user === 'admin' ? 0 : 1);
    });
  }

  test('the admin side navigation, its toggle and the history highlight', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin/history');
    expect(await navKeys(page)).toEqual(['dashboard', 'company', 'project', 'user', 'algorithm', 'notice']);
    await expect(page.getByTestId('nav-dashboard')).toHaveAttribute('aria-current', 'page');
    const navbar = page.getByTestId('navbar');
    expect((await navbar.boundingBox())!.width).toBe(210);
    await page.getByTestId('nav-toggle').click();
    await expect.poll(async () => (await navbar.boundingBox())!.width).toBe(64);
    await page.getByTestId('nav-toggle').click();
    await expect.poll(async () => (await navbar.boundingBox())!.width).toBe(210);
  });

  test('the monitoring layout lists the five monitoring entries', async ({ page }) => {
    await login(page, 'demo-user');
    await page.goto('/monitoring/model-history');
    expect(await navKeys(page)).toEqual([
      'lineStatus',
      'lineReport',
      'inspection',
      'inspectionReport',
      'modelHistory',
    ]);
    await expect(page.getByTestId('nav-modelHistory')).toHaveAttribute('aria-current', 'page');
    // On-premise theme: no line dropdown, but the project picker.
    await expect(page.getByTestId('project-select')).toBeVisible();
    await expect(page.getByTestId('line-select')).toHaveCount(0);
  });
});

test.describe('refusals', () => {
  for (const user of ['demo-service', 'demo-company', 'demo-user'] as TestUser[]) {
    test(`${user} is refused /admin`, async ({ page }) => {
      await login(page, user);
      await page.goto('/admin/company');
      await expect(page).not.toHaveURL(/\/admin/);
      await expect(page.getByTestId('nav-admin')).toHaveCount(0);
    });
  }

  test('role 1 opening /my goes to change-password', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/my');
    await expect(page).toHaveURL(/\/my\/change-password$/);
  });

  test('a trial user without the monitoring permission is sent back to /train', async ({ page }) => {
    await login(page, 'demo-trial');
    await page.goto('/monitoring');
    await expect(page).toHaveURL(/\/train$/);
    await expect(page.getByText('이 메뉴를 사용할 권한이 없습니다.')).toBeVisible();
  });

  for (const user of ['demo-user', 'demo-trial'] as TestUser[]) {
    test(`${user} typing /my/user or /my/projects is sent to /my`, async ({ page }) => {
      await login(page, user);
      for (const path of ['/my/user', '/my/projects', '/my/projects/create', '/my/user/create']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/my$/);
        await expect(page.getByTestId('my-info')).toBeVisible();
        await expect(page.getByTestId('user-list')).toHaveCount(0);
        await expect(page.getByTestId('project-list')).toHaveCount(0);
      }
    });
  }

  test('a non-admin opening / goes to /train', async ({ page }) => {
    await login(page, 'demo-company');
    await page.goto('/');
    await expect(page).toHaveURL(/\/train$/);
  });
});
