// Login: inline required messages, the wrong-password message, landing pages per role, the
// logged-in redirect away from /auth/login, and logout with confirmation.
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, login } from '../helpers';

test.describe('login', () => {
  test('asks for the ID and password when they are empty', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/auth/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('아이디를 입력해 주세요.')).toBeVisible();
    await expect(page.getByText('비밀번호를 입력해 주세요.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(errors).toEqual([]);
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByTestId('login-username').fill('demo-user');
    await page.getByTestId('login-password').fill('not-the-password-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeNull();
  });

  test('an unknown ID gets the same message in English', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL }]);
    await page.goto('/auth/login');
    await page.getByTestId('login-username').fill('nobody-here');
    await page.getByTestId('login-password').fill('whatever-123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('The ID or password is not correct.');
  });

  test('the system admin lands on the project picker, a user on /train', async ({ page }) => {
    await login(page, 'admin', { expectUrl: /\/$/ });
    await expect(page.getByRole('heading', { name: '안녕하세요, System Admin 님' })).toBeVisible();
    await expect(page.getByTestId('project-grid')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeTruthy();
  });

  test('a user lands on /train and is sent away from the login page while logged in', async ({ page }) => {
    await login(page, 'demo-user', { expectUrl: /\/train$/ });
    await expect(page.getByTestId('user-menu')).toContainText('Demo User');
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/train$/);
  });

  test('logout asks for confirmation and returns to the login page', async ({ page }) => {
    await login(page, 'demo-user');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-cancel').click();
    await expect(page).toHaveURL(/\/train$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('sightline.token'))).toBeNull();
    await page.goto('/train');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the password-reset request needs an ID', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByTestId('forgot-password').click();
    // The modal focuses its ID field once opened (data-autofocus): submitting before that, under a loaded
    // CI machine, once missed the form (a flaky failure in a clean-clone run).
    await expect(page.getByTestId('reset-username')).toBeFocused();
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-modal').getByText('아이디를 입력해 주세요.')).toBeVisible();
  });

  test('the session survives a reload in the same tab', async ({ page }) => {
    await login(page, 'demo-user', { expectUrl: /\/train$/ });
    await page.reload();
    await expect(page).toHaveURL(/\/train$/);
    await expect(page.getByTestId('user-menu')).toContainText('Demo User');
  });
});
