// Session life (SPEC §4): a new tab of a known user restores the session through the refresh cookie;
// the 3-month password alarm offers 'change now' / 'change after 3 months' (snoozed on the server).
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { apiLogin, bearer, credentials, login } from '../helpers';

async function createUser(
  request: APIRequestContext,
  prefix: string,
): Promise<{ username: string; password: string }> {
  const admin = await apiLogin(request, credentials.admin);
  const info = await request.get('/api/user/information', { headers: bearer(admin) });
  const project = (await info.json()).data.projects[0] as { id: number; company: { id: number } };
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'Alarm-pass-2024!';
  const res = await request.post('/api/admin/users', {
    headers: bearer(admin),
    data: {
      username,
      password,
      roleId: 4,
      companyId: project.company.id,
      name: 'Alarm Tester',
      department: 'QA',
      projects: [{ projectId: project.id, permissions: [1, 2] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

test('a new tab of a logged-in user restores the session from the refresh cookie', async ({
  page,
  context,
}) => {
  await login(page, 'demo-user', { expectUrl: /\/train$/ });
  const second = await context.newPage();
  await second.goto('/train/learning');
  await expect(second).toHaveURL(/\/train\/learning$/);
  await expect(second.getByTestId('user-menu')).toContainText('Demo User');
  expect(await second.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeTruthy();
});

test('without a refresh cookie a new tab goes to the login page', async ({ page, context }) => {
  await login(page, 'demo-user');
  await context.clearCookies();
  const second = await context.newPage();
  await second.goto('/train');
  await expect(second).toHaveURL(/\/auth\/login$/);
});

test('the 3-month password alarm: later snoozes it on the server, now opens change-password', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'alarm');
  // Age the password by four months directly in the e2e database (no test hooks in the product).
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  await client.query(
    `UPDATE users SET password_changed_at = now() - interval '4 months' WHERE username = $1`,
    [user.username],
  );
  await client.end();

  await login(page, user);
  const alarm = page.getByRole('dialog', { name: '비밀번호 변경 안내' });
  await expect(alarm).toBeVisible();
  await page.getByTestId('password-alarm-now').click();
  await expect(page).toHaveURL(/\/my\/change-password$/);

  await page.goto('/train');
  await expect(alarm).toBeVisible();
  await page.getByTestId('password-alarm-later').click();
  await expect(alarm).toBeHidden();

  // Snoozed on the server: a fresh login no longer shows it.
  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await login(page, user, { expectUrl: /\/train$/ });
  await page.waitForTimeout(500);
  await expect(alarm).toHaveCount(0);
});
