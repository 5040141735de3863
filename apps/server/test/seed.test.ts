import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { seed } from '../src/seed/seed';
import { setupTestApp } from './harness';

const t = setupTestApp();

const counts = async () =>
  (
    await t.database.pool.query(`SELECT
      (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM companies)::int AS companies,
      (SELECT count(*) FROM projects)::int AS projects, (SELECT count(*) FROM lines)::int AS lines,
      (SELECT count(*) FROM project_members)::int AS members`)
  ).rows[0];

describe('seed', () => {
  it('creates the admin and demo data once; a second run keeps every row and reports nothing', async () => {
    const config = testConfig({ adminUsername: 'root-admin', demoPassword: 'Demo-pass-2024' });
    const first = await seed(t.db, config);
    expect(first.notes.join('\n')).toMatch(/created system admin 'root-admin' with password: \S{10}/);
    expect(first.notes.join('\n')).toMatch(
      /demo-service, demo-company, demo-user, demo-trial with DEMO_PASSWORD/,
    );
    const before = await counts();
    expect(before).toEqual({ users: 5, companies: 1, projects: 1, lines: 1, members: 2 });
    const ids = (await t.database.pool.query('SELECT id, username, password_hash FROM users ORDER BY id'))
      .rows;

    const second = await seed(t.db, config);
    expect(second.notes).toEqual([]);
    expect(await counts()).toEqual(before);
    expect(
      (await t.database.pool.query('SELECT id, username, password_hash FROM users ORDER BY id')).rows,
    ).toEqual(ids);
  });

  it('demo accounts have the roles, company, project permissions and trial expiry of the brief', async () => {
    const rows = (
      await t.database.pool
        .query(`SELECT u.username, u.role_id, u.trial, u.expires_at, c.name AS company, p.code AS default_project,
          (SELECT permissions FROM project_members m WHERE m.user_id = u.id) AS perms
        FROM users u LEFT JOIN companies c ON c.id = u.company_id LEFT JOIN projects p ON p.id = u.default_project_id
        WHERE u.username LIKE 'demo-%' ORDER BY u.role_id`)
    ).rows;
    expect(rows.map((r) => [r.username, r.role_id])).toEqual([
      ['demo-service', 2],
      ['demo-company', 3],
      ['demo-user', 4],
      ['demo-trial', 5],
    ]);
    expect(rows[1]).toMatchObject({ company: 'Demo Company' });
    expect(rows[2]).toMatchObject({ default_project: 'DEMO-0001', perms: [1, 2], trial: false });
    expect(rows[3]).toMatchObject({ trial: true, perms: [1] });
    const days = (new Date(rows[3].expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo-user', password: 'Demo-pass-2024' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('printed passwords', () => {
  it('are single-quoted and free of shell-special characters, so they paste into a shell as they are', async () => {
    const { shellQuote } = await import('../src/seed/seed');
    const { generatePassword, isValidNewPassword } = await import('@sightline/domain');
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).not.toMatch(/[$`"'\\!*?~&|;<>(){}[\]\s]/);
      expect(isValidNewPassword(pw)).toBe(true);
    }
    expect(shellQuote('a$b')).toBe("'a$b'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const config = testConfig({ adminUsername: 'quoted-admin', seedDemo: false });
    const notes = (await seed(t.db, config)).notes.join('\n');
    expect(notes).toMatch(/created system admin 'quoted-admin' with password: '[^'\s]{10}'/);
  });
});
