// Forced password change (SPEC §4): a user whose password an administrator reset is sent to
// /my/change-password with a notice, cannot go elsewhere first, sees the password rules inline,
// and can change it. Set-up uses the real flow: reset request (login page) → admin handles it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { apiLogin, bearer, credentials, DEMO_PASSWORD, login } from '../helpers';

interface Account {
  username: string;
  password: string;
  /** Undo for the fallback path, which borrows a demo account. */
  restore?: () => Promise<void>;
}

const NEW_PASSWORD = 'Changed-pass-2024!';

/** Creates a fresh role-4 user in the demo project through the tenancy API; null when absent. */
async function createUser(
  request: APIRequestContext,
  adminToken: string,
): Promise<{ username: string } | null> {
  const info = await request.get('/api/user/information', { headers: bearer(adminToken) });
  const project = (await info.json()).data.projects[0] as { id: number; company: { id: number } };
  const username = `reset${Date.now().toString(36)}`;
  const res = await request.post('/api/admin/users', {
    headers: bearer(adminToken),
    data: {
      username,
      password: 'Initial-pass-2024!',
      roleId: 4,
      companyId: project.company.id,
      name: 'Reset Tester',
      department: 'QA',
      projects: [{ projectId: project.id, permissions: [1, 2] }],
    },
  });
  if (res.status() === 404) return null;
  expect(res.status(), await res.text()).toBe(201);
  return { username };
}

/** The admin handles the user's reset request and receives the one-time temporary password. */
async function handleResetRequest(
  request: APIRequestContext,
  adminToken: string,
  username: string,
): Promise<string> {
  const list = await request.get('/api/admin/reset-requests', {
    headers: bearer(adminToken),
    params: { status: 'unprocessed', perPage: 100 },
  });
  expect(list.ok(), await list.text()).toBeTruthy();
  const item = ((await list.json()).data.data as { id: number; username: string }[]).find(
    (r) => r.username === username,
  );
  expect(item, `reset request of ${username}`).toBeTruthy();
  const res = await request.post(`/api/admin/reset-requests/${item!.id}/handle`, {
    headers: bearer(adminToken),
    data: { action: 'reset' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.temporaryPassword as string;
}

/** Fallback without the tenancy API: flag a demo account directly in the e2e database. */
async function flagInDatabase(request: APIRequestContext): Promise<Account> {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, 'E2E_DATABASE_URL from global setup').toBeTruthy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('UPDATE users SET reset_by_admin = true WHERE username = $1', ['demo-company']);
  await client.end();
  return {
    username: 'demo-company',
    password: DEMO_PASSWORD,
    restore: async () => {
      const token = await apiLogin(request, { username: 'demo-company', password: NEW_PASSWORD });
      await request.post('/api/user/change-password', {
        headers: bearer(token),
        data: { oldPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      });
    },
  };
}

test('an admin-reset user must change the password first, and can', async ({ page, request }) => {
  const adminToken = await apiLogin(request, credentials.admin);
  const created = await createUser(request, adminToken);
  let account: Account;
  if (created) {
    // The user asks for a reset on the login page; a second request is refused with the server's message.
    await page.goto('/auth/login');
    for (const attempt of [1, 2]) {
      await page.getByTestId('forgot-password').click();
      await page.getByTestId('reset-username').fill(created.username);
      await page.getByTestId('reset-submit').click();
      if (attempt === 1) {
        await expect(page.getByTestId('reset-done')).toBeVisible();
        await page.getByTestId('reset-modal').getByRole('button', { name: '닫기' }).click();
      } else {
        await expect(page.getByTestId('reset-modal')).toContainText(
          '이미 비밀번호 초기화를 요청하였습니다. 관리자에게 문의해 주세요.',
        );
        await page.keyboard.press('Escape');
      }
    }
    account = {
      username: created.username,
      password: await handleResetRequest(request, adminToken, created.username),
    };
  } else {
    account = await flagInDatabase(request);
  }

  await login(page, account, { expectUrl: /\/my\/change-password$/ });
  await expect(page.getByTestId('forced-change-notice')).toBeVisible();
  // Nothing else opens before the change.
  await page.goto('/train/dataset');
  await expect(page).toHaveURL(/\/my\/change-password$/);
  await expect(
    page.getByText('관리자가 비밀번호를 초기화했습니다. 새 비밀번호로 변경해 주세요.'),
  ).toBeVisible();

  // Inline rules from packages/domain.
  await page.getByTestId('cp-old').fill(account.password);
  await page.getByTestId('cp-new').fill('short1');
  await page.getByTestId('cp-confirm').fill('short1');
  await page.getByTestId('cp-submit').click();
  await expect(
    page.getByText(
      '비밀번호는 영문, 숫자 조합 10자 이상 또는 영문, 숫자, 특수문자 조합 8자 이상이어야 합니다.',
    ),
  ).toBeVisible();
  await page.getByTestId('cp-new').fill(NEW_PASSWORD);
  await page.getByTestId('cp-confirm').fill(`${NEW_PASSWORD}x`);
  await page.getByTestId('cp-submit').click();
  await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
  // A wrong current password is refused by the server, shown under its field.
  await page.getByTestId('cp-old').fill('Wrong-current-1!');
  await page.getByTestId('cp-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('cp-submit').click();
  await expect(page.getByText('현재 비밀번호가 올바르지 않습니다.')).toBeVisible();

  await page.getByTestId('cp-old').fill(account.password);
  await page.getByTestId('cp-submit').click();
  await expect(page).toHaveURL(/\/train$/);
  await expect(page.getByText('비밀번호가 변경되었습니다.')).toBeVisible();

  // The new password works and no longer forces the change.
  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await login(page, { username: account.username, password: NEW_PASSWORD }, { expectUrl: /\/train$/ });
  await expect(page.getByTestId('forced-change-notice')).toHaveCount(0);
  await account.restore?.();
});
