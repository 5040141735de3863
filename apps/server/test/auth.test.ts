import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp, TEST_PASSWORD } from './harness';

const t = setupTestApp();

function refreshCookie(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((x) => x.name === 'refresh_token');
  if (!c) throw new Error('no refresh cookie');
  return c;
}

async function login(username: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });
}

describe('login', () => {
  it('answers a token and sets the refresh cookie (httpOnly, SameSite=Strict, path /api)', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const res = await login(u.username);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expiresIn).toBe(900);
    expect(body.token.split('.')).toHaveLength(3);
    const c = refreshCookie(res);
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect((c as { secure?: boolean }).secure).toBeFalsy();
    const info = await t.app.inject({
      url: '/api/user/information',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.username).toBe(u.username);
  });

  it('stores refresh tokens hashed and passwords as argon2id', async () => {
    const u = await t.factory.user();
    const res = await login(u.username);
    const raw = refreshCookie(res).value;
    const rows = await t.db.execute<{ token_hash: string }>(
      sql`SELECT token_hash FROM refresh_tokens WHERE user_id = ${u.id}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).not.toBe(raw);
    expect(rows.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(u.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('rejects a wrong password and an unknown user with the same 401', async () => {
    const u = await t.factory.user();
    const wrong = await login(u.username, 'nope-nope-1', '10.0.0.2');
    const unknown = await login('no-such-user', 'nope-nope-1', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body: missing password is 400 VALIDATION_FAILED with the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
  });
});

describe('lockout and rate limit', () => {
  it('locks the account for 10 minutes after 5 failures, even with the right password', async () => {
    const u = await t.factory.user();
    for (let i = 0; i < 4; i++)
      expect((await login(u.username, 'bad-password-1', '10.0.1.1')).statusCode).toBe(401);
    const fifth = await login(u.username, 'bad-password-1', '10.0.1.1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(fifth.json().error.message).toContain('10');
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: TEST_PASSWORD },
      headers: { 'x-locale': 'en' },
      remoteAddress: '10.0.1.2',
    });
    expect(right.statusCode).toBe(423);
    expect(right.json().error.message).toMatch(/Try again in 10 minutes/);
    // The lock expires: move it into the past and the right password works again.
    await t.db.execute(sql`UPDATE users SET locked_until = now() - interval '1 second' WHERE id = ${u.id}`);
    expect((await login(u.username, TEST_PASSWORD, '10.0.1.3')).statusCode).toBe(200);
    const after = await t.db.execute<{ failed_logins: number }>(
      sql`SELECT failed_logins FROM users WHERE id = ${u.id}`,
    );
    expect(after.rows[0]!.failed_logins).toBe(0);
  });

  it('a success resets the failure count', async () => {
    const u = await t.factory.user();
    for (let i = 0; i < 4; i++) await login(u.username, 'bad-password-1', '10.0.2.1');
    expect((await login(u.username, TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(u.username, 'bad-password-1', '10.0.2.1')).statusCode).toBe(401);
  });

  it('answers 429 after 20 failures from one IP within a minute, other IPs unaffected', async () => {
    const u = await t.factory.user();
    for (let i = 0; i < 20; i++) await login(`ghost-${i}`, 'bad-password-1', '10.9.9.9');
    const blocked = await login(u.username, TEST_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect((await login(u.username, TEST_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; reuse of the old one after the grace period ends every session', async () => {
    const u = await t.factory.user();
    const first = refreshCookie(await login(u.username));
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: first.value },
    });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ expiresIn: 900 });
    const second = refreshCookie(r1);
    expect(second.value).not.toBe(first.value);
    // Pretend the rotation happened a minute ago: outside the two-tabs grace window.
    await t.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = now() - interval '1 minute' WHERE user_id = ${u.id} AND revoked_at IS NOT NULL`,
    );
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: first.value },
    });
    expect(reuse.statusCode).toBe(401);
    // Reuse of a rotated token revokes the whole family: the newest token dies too.
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: second.value },
    });
    expect(r2.statusCode).toBe(401);
  });

  it('two tabs refreshing at once: the late one gets an access token and no new cookie', async () => {
    const u = await t.factory.user();
    const shared = refreshCookie(await login(u.username)).value;
    const tabA = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: shared },
    });
    const tabB = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: shared },
    });
    expect(tabA.statusCode).toBe(200);
    expect(tabB.statusCode).toBe(200);
    expect(tabB.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    const rotated = refreshCookie(tabA).value;
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: rotated },
    });
    expect(next.statusCode).toBe(200);
    // After logout the grace no longer helps the old token.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: refreshCookie(next).value },
    });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: rotated },
    });
    expect(late.statusCode).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const u = await t.factory.user();
    const c = refreshCookie(await login(u.username));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: c.value },
    });
    expect(out.statusCode).toBe(200);
    expect(refreshCookie(out).value).toBe('');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: c.value },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('refresh without a cookie is 401', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/refresh-token' });
    expect(r.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('missing, forged and expired tokens are 401', async () => {
    expect((await t.app.inject({ url: '/api/user/information' })).json().error.code).toBe('UNAUTHORIZED');
    const forged = await t.app.inject({
      url: '/api/user/information',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('SESSION_EXPIRED');
  });
});

describe('housekeeping', () => {
  it('sweeps old rate-limit windows and dead refresh tokens, keeping live ones', async () => {
    const { sweepExpiredAuthRows } = await import('../src/runtime/housekeeping');
    const u = await t.factory.user();
    const live = refreshCookie(await login(u.username, TEST_PASSWORD, '10.3.3.3')).value;
    await t.db.execute(
      sql`INSERT INTO rate_limits(key, window_start, count) VALUES ('old-key', now() - interval '2 hours', 3)`,
    );
    await t.db.execute(
      sql`INSERT INTO refresh_tokens(user_id, token_hash, expires_at) VALUES (${u.id}, 'expired-hash', now() - interval '1 minute')`,
    );
    const swept = await sweepExpiredAuthRows(t.database.pool);
    expect(swept.rateLimits).toBeGreaterThanOrEqual(1);
    expect(swept.refreshTokens).toBeGreaterThanOrEqual(1);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      cookies: { refresh_token: live },
    });
    expect(r.statusCode).toBe(200);
  });
});
