// Issue 18 item 4 on real PostgreSQL: logout ends the access token at once, SSE tickets instead of the
// token in the URL, security headers, invalid UTF-8 refused, and a pg-boss job that expires takes its
// row with it.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JobService, WorkerReaper } from '@sightline/jobs';
import { setupTestApp, TEST_PASSWORD } from '../harness';

const t = setupTestApp({ jobs: true });

async function login(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: TEST_PASSWORD },
    remoteAddress: '10.9.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
  return { token: res.json().token as string, cookie: { refresh_token: cookie.value } };
}

const me = (token: string) =>
  t.app.inject({ url: '/api/user/information', headers: { authorization: `Bearer ${token}` } });

describe('logout revokes the access token', () => {
  it('refuses the token of a logged-out session at once, other sessions keep working', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const a = await login(u.username);
    const b = await login(u.username);
    expect((await me(a.token)).statusCode).toBe(200); // also fills the session cache
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: a.cookie,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await me(a.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_EXPIRED');
    expect((await me(b.token)).statusCode).toBe(200);
  });

  it('a token from before a refresh stays valid until that chain is logged out', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const a = await login(u.username);
    const r = await t.app.inject({ method: 'POST', url: '/api/refresh-token', cookies: a.cookie });
    expect(r.statusCode).toBe(200);
    const rotated = r.cookies.find((c) => c.name === 'refresh_token')!.value;
    expect((await me(a.token)).statusCode).toBe(200); // rotated, not ended
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: rotated } });
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(r.json().token)).statusCode).toBe(401);
  });

  it('logout with only the bearer token (no cookie) ends that session', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const a = await login(u.username);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect((await me(a.token)).statusCode).toBe(401);
  });

  it('"end every session" (revoked rows behind the cache) refuses the token too', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const a = await login(u.username);
    expect((await me(a.token)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${u.id}`);
    // Changed outside this process's repositories: the cache answers for at most a few seconds.
    await new Promise((r) => setTimeout(r, 5_200));
    expect((await me(a.token)).statusCode).toBe(401);
  });
});

describe('SSE tickets', () => {
  it('an SSE route takes a single-use ticket and no longer the access token in the query', async () => {
    const admin = await t.factory.user({ roleId: 1 });
    const { token } = await login(admin.username);
    const h = { authorization: `Bearer ${token}` };
    const jobs = new JobService(t.database, t.queue);
    const { id } = await jobs.enqueue({ kind: 'system.sleep', payload: { ms: 0, steps: 1 } });
    await jobs.cancel(id);

    const byToken = await t.app.inject({ url: `/api/jobs/${id}/events?access_token=${token}` });
    expect(byToken.statusCode).toBe(401);

    const tk = await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: h });
    expect(tk.statusCode).toBe(200);
    const { ticket, expiresIn } = tk.json().data;
    expect(ticket).toMatch(/^[\w-]{20,}$/);
    expect(ticket).not.toContain(token.slice(0, 20));
    expect(expiresIn).toBeLessThanOrEqual(60);

    const first = await t.app.inject({ url: `/api/jobs/${id}/events?ticket=${ticket}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/event-stream/);
    expect(first.body).toContain('"status":"cancelled"');
    const again = await t.app.inject({ url: `/api/jobs/${id}/events?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket' })).statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('are set on API answers, errors and pages', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/some/web/page']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('invalid UTF-8 in a JSON body', () => {
  it('is refused with 400 INVALID_ENCODING (translated), never compared as a password', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const raw = Buffer.concat([
      Buffer.from(`{"username":"${u.username}","password":"`),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}'),
    ]);
    for (const [locale, text] of [
      ['en', 'not valid UTF-8'],
      ['ko', 'UTF-8'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        remoteAddress: '10.9.0.2',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_ENCODING');
      expect(res.json().error.message).toContain(text);
    }
    const row = await t.db.execute<{ failed_logins: number }>(
      sql`SELECT failed_logins FROM users WHERE id = ${u.id}`,
    );
    expect(row.rows[0]!.failed_logins).toBe(0);
    // Valid UTF-8 (multi-byte) still parses.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: Buffer.from(JSON.stringify({ username: u.username, password: '비밀번호-틀림' })),
      headers: { 'content-type': 'application/json; charset=utf-8' },
      remoteAddress: '10.9.0.2',
    });
    expect(ok.statusCode).toBe(401);
    expect(ok.json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('a pg-boss job that expires', () => {
  // The exact statement pg-boss's supervisor runs to expire jobs (active past expire_in).
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
    failJobsByTimeout(schema: string): string;
  };

  async function runningThenExpired(retryLimit: number) {
    const jobs = new JobService(t.database, t.queue);
    const { id } = await jobs.enqueue(
      { kind: 'system.sleep', payload: { ms: 60_000, steps: 1 } },
      { retryLimit },
    );
    // A worker picks it up (pg-boss active, row running) ...
    const fetched = await t.queue!.boss.fetch('system.sleep', { batchSize: 10 });
    expect(fetched.map((j) => j.id)).toContain(id);
    await t.db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, started_at = now(), updated_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    // ... and holds it past its expiry.
    await t.database.pool.query(
      `UPDATE pgboss.job SET started_on = now() - interval '2 hours', expire_in = interval '1 hour' WHERE id = $1`,
      [id],
    );
    await t.database.pool.query(plans.failJobsByTimeout('pgboss'));
    await new WorkerReaper(t.database, t.queue!, 60_000).runOnce();
    return (await jobs.getRow(id))!;
  }

  it('with retries left: the row goes back to queued', async () => {
    const row = await runningThenExpired(1);
    expect(row).toMatchObject({ status: 'queued', workerId: null });
  });

  it('without retries: the row fails with the queue reason', async () => {
    const row = await runningThenExpired(0);
    expect(row.status).toBe('failed');
    expect(row.message).toMatch(/timeout/);
    expect(row.finishedAt).not.toBeNull();
  });

  it('a running row whose queue job is still active is left alone', async () => {
    const jobs = new JobService(t.database, t.queue);
    const { id } = await jobs.enqueue({ kind: 'system.sleep', payload: { ms: 60_000, steps: 1 } });
    await t.queue!.boss.fetch('system.sleep', { batchSize: 10 });
    await t.db.execute(
      sql`UPDATE jobs SET status = 'running', updated_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    await new WorkerReaper(t.database, t.queue!, 60_000).runOnce();
    expect((await jobs.getRow(id))!.status).toBe('running');
  });
});
