// Header (SPEC §2): notifications (empty state while there are none), the download-request entry,
// the user menu per role, and the flash area at the bottom left.
import { expect, test } from '@playwright/test';
import { apiLogin, bearer, credentials, login } from '../helpers';

test('notifications open the latest-10 list (empty state) with a link to all', async ({ page, request }) => {
  // A fresh member of the demo project: every seeded user may have notifications from jobs and line
  // alerts of other specs (issue 17), a new account has none.
  const admin = await apiLogin(request, credentials.admin);
  const info = await request.get('/api/user/information', { headers: bearer(admin) });
  const project = (await info.json()).data.projects[0] as { id: number; company: { id: number } };
  const user = { username: `quiet${Date.now().toString(36)}`, password: 'Quiet-pass-2024!' };
  const res = await request.post('/api/admin/users', {
    headers: bearer(admin),
    data: {
      ...user,
      roleId: 4,
      companyId: project.company.id,
      name: 'Quiet User',
      department: 'QA',
      projects: [{ projectId: project.id, permissions: [1, 2] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await login(page, user);
  await page.getByTestId('notifications-button').click();
  const dropdown = page.getByTestId('notifications-dropdown');
  await expect(dropdown).toBeVisible();
  await expect(dropdown.getByText('새 알림이 없습니다.')).toBeVisible();
  await dropdown.getByRole('link', { name: '전체 알림 보기' }).click();
  await expect(page).toHaveURL(/\/my\/notifications$/);
});

test('the download entry opens the download-request modal', async ({ page }) => {
  await login(page, 'demo-user');
  await page.getByTestId('downloads-button').click();
  const dialog = page.getByRole('dialog', { name: '다운로드 요청 목록' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '닫기' }).last().click();
  await expect(dialog).toBeHidden();
});

test('the user menu: my info for users, not for the system admin', async ({ page }) => {
  await login(page, 'demo-user');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '내 정보' })).toBeVisible();
  await page.getByRole('menuitem', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL(/\/my\/change-password$/);

  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await login(page, 'admin');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '비밀번호 변경' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '내 정보' })).toHaveCount(0);
});

test('flash messages sit at the bottom left, at most 350 px wide', async ({ page }) => {
  await login(page, 'demo-trial');
  await page.goto('/monitoring');
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeLessThan(40);
  expect(box.y + box.height).toBeGreaterThan(768 - 60);
  // Layout boxes carry sub-pixel float noise (350.0000038); whole pixels are what the rule means.
  expect(Math.round(box.width)).toBeLessThanOrEqual(350);
});
