import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp, TEST_PASSWORD } from '../harness';

const t = setupTestApp();
const ask = (username: unknown, locale = 'ko') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset-request',
    headers: { 'x-locale': locale },
    payload: { username },
  });

async function requestFor(username: string) {
  await ask(username);
  const [row] = (
    await t.db.execute<{ id: number }>(
      sql`SELECT id FROM password_reset_requests WHERE username = ${username} ORDER BY id DESC LIMIT 1`,
    )
  ).rows;
  return row!.id;
}

describe('asking for a reset (login page)', () => {
  it('needs an ID and refuses a second pending request', async () => {
    expect((await ask('')).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'username',
      message: '아이디을(를) 입력해 주세요.',
    });
    const u = await t.factory.user({ username: 'forgetful' });
    const first = await ask(u.username);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ data: { status: 'unprocessed' } });
    const again = await ask(u.username, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'RESET_ALREADY_REQUESTED',
      field: 'username',
      message: 'Password reset already requested, contact the administrator.',
    });
  });

  it('answers an unknown ID the same way (no account enumeration)', async () => {
    const res = await ask('nobody-here');
    expect(res.statusCode).toBe(201);
    expect((await ask('nobody-here')).json().error.code).toBe('RESET_ALREADY_REQUESTED');
  });
});

describe('handling requests (/admin/user/reset)', () => {
  it('sets a temporary password shown once and forces a change at the next login', async () => {
    const c = await t.factory.company();
    await t.factory.user({ roleId: 4, companyId: c.id, username: 'resetme', name: 'Park Jisung' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'resetme', password: TEST_PASSWORD },
    });
    const cookie = login.headers['set-cookie'];
    const id = await requestFor('resetme');
    const ca = await t.loginAs(await t.factory.user({ roleId: 3, companyId: c.id }));

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reset-requests?status=unprocessed',
      headers: ca,
    });
    expect(list.json().data.data).toEqual([
      expect.objectContaining({
        id,
        username: 'resetme',
        status: 'unprocessed',
        user: expect.objectContaining({ name: 'P*********g' }),
      }),
    ]);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reset-requests/${id}/handle`,
      headers: ca,
      payload: { action: 'reset' },
    });
    expect(res.statusCode).toBe(200);
    const { request, temporaryPassword } = res.json().data;
    expect(request).toMatchObject({ status: 'changed', handledBy: { username: expect.any(String) } });
    expect(temporaryPassword).toMatch(/^.{10}$/);

    // The old password and the old session are gone; the temporary one logs in with the forced-change flag.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'resetme', password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      headers: { cookie: String(cookie) },
    });
    expect(refresh.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'resetme', password: temporaryPassword },
    });
    expect(fresh.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/information',
      headers: { authorization: `Bearer ${fresh.json().token}` },
    });
    expect(info.json().data.reset_admin).toBe(true);

    // Shown once: the answer to reading the request again has no password, and the log holds none.
    const again = await t.app.inject({ method: 'GET', url: `/api/admin/reset-requests/${id}`, headers: ca });
    expect(JSON.stringify(again.json())).not.toContain(temporaryPassword);
    const log = await t.db.execute<{ j: string }>(
      sql`SELECT coalesce(before::text, '') || coalesce(after::text, '') AS j FROM audit_log`,
    );
    expect(log.rows.some((r) => r.j.includes(temporaryPassword))).toBe(false);

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reset-requests/${id}/handle`,
      headers: ca,
      payload: { action: 'invalid' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('RESET_REQUEST_CLOSED');
  });

  it('marks a request invalid without touching the password, and a new request may follow', async () => {
    const c = await t.factory.company();
    await t.factory.user({ roleId: 4, companyId: c.id, username: 'invalidme' });
    const id = await requestFor('invalidme');
    const sys = await t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reset-requests/${id}/handle`,
      headers: sys,
      payload: { action: 'invalid' },
    });
    expect(res.json().data).toMatchObject({ request: { status: 'invalid' }, temporaryPassword: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'invalidme', password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await ask('invalidme')).statusCode).toBe(201);
    const byStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reset-requests?status=invalid&q=invalidme',
      headers: sys,
    });
    expect(byStatus.json().data).toMatchObject({ total: 1, data: [{ id, status: 'invalid' }] });
  });

  it('can only mark a request for an unknown ID invalid, and only roles 1–2 see it', async () => {
    const id = await requestFor('ghost-user');
    const sys = await t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
    const ca = await t.loginAs(
      await t.factory.user({ roleId: 3, companyId: (await t.factory.company()).id }),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/reset-requests/${id}`, headers: ca })).statusCode,
    ).toBe(404);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reset-requests/${id}/handle`,
      headers: sys,
      payload: { action: 'reset' },
    });
    expect(reset.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reset-requests/${id}/handle`,
      headers: sys,
      payload: { action: 'invalid' },
    });
    expect(invalid.json().data.request).toMatchObject({ user: null, status: 'invalid' });
  });

  it('does not let a service admin reset a system admin', async () => {
    await t.factory.user({ roleId: 1, companyId: null, username: 'root-like' });
    const id = await requestFor('root-like');
    const svc = await t.loginAs(await t.factory.user({ roleId: 2, companyId: null }));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reset-requests/${id}/handle`,
          headers: svc,
          payload: { action: 'reset' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('caps requests per client address (429 after the window is used up)', async () => {
    await t.db.execute(
      sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('reset-request:127.0.0.1', now(), 100)
          ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 100`,
    );
    const res = await ask('after-the-cap', 'en');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
  });
});
