// Log in through the UI (login) or the API (apiLogin) as one of the seeded accounts.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { credentials, type TestUser } from './credentials';

export type LoginAs = TestUser | { username: string; password: string };
const resolveUser = (u: LoginAs) => (typeof u === 'string' ? credentials[u] : u);

/** Fills the login form and waits until the app leaves /auth/login. */
export async function login(page: Page, user: LoginAs, opts: { expectUrl?: RegExp } = {}): Promise<void> {
  const { username, password } = resolveUser(user);
  await page.goto('/auth/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 15_000 });
  if (opts.expectUrl) await expect(page).toHaveURL(opts.expectUrl);
}

/** Logs in through the API and returns the bearer token (for API set-up inside specs). */
export async function apiLogin(request: APIRequestContext, user: LoginAs): Promise<string> {
  const { username, password } = resolveUser(user);
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.ok(), `login ${username}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { token: string };
  return body.token;
}

/** Headers for an authenticated API call. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
