import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();
const sys = async () => t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
const base = { password: 'Abcdef123456', name: '김철수', department: 'QA', roleId: 4 };

describe('user IDs', () => {
  it('answers the duplicate check with the spec messages', async () => {
    const h = { ...(await sys()), 'x-locale': 'en' };
    await t.factory.user({ username: 'kimlee' });
    const check = async (u: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/users/check-username?username=${u}`,
          headers: h,
        })
      ).json().data;
    expect(await check('kim')).toEqual({ available: false, code: 'IDENTIFIER_TOO_SHORT' });
    expect(await check('KimLee')).toEqual({ available: false, code: 'USERNAME_TAKEN' });
    expect(await check('admin')).toEqual({ available: false, code: 'USERNAME_UNAVAILABLE' });
    expect(await check('new.user@acme')).toEqual({ available: true });
  });

  it("refuses a taken ID with 'ID already in use' and a reserved one with 'ID unavailable'", async () => {
    const h = { ...(await sys()), 'x-locale': 'en' };
    const c = await t.factory.company();
    await t.factory.user({ username: 'dupe-id' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: h,
      payload: { ...base, companyId: c.id, username: 'dupe-id' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'USERNAME_TAKEN',
      field: 'username',
      message: 'ID already in use, please enter a new ID.',
    });
    const reserved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: h,
      payload: { ...base, companyId: c.id, username: 'root' },
    });
    expect(reserved.json().error).toEqual({
      code: 'USERNAME_UNAVAILABLE',
      field: 'username',
      message: 'ID unavailable.',
    });
  });
});

describe('creating and editing accounts', () => {
  it('creates an account with memberships and a default project, masked in lists and whole in detail', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const p = await t.factory.project({ companyId: c.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: h,
      payload: {
        ...base,
        username: 'member-01',
        companyId: c.id,
        projects: [{ projectId: p.id, permissions: [2, 1] }],
        defaultProjectId: p.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const u = res.json().data;
    expect(u).toMatchObject({
      name: '김철수',
      company: { id: c.id },
      defaultProjectId: p.id,
      projects: [{ id: p.id, permissions: [1, 2], isManager: false }],
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?companyId=${c.id}`, headers: h });
    expect(list.json().data.data[0]).toMatchObject({ username: 'member-01', name: '김*수' });
    // The new account can log in with the chosen password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'member-01', password: 'Abcdef123456' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('validates required fields, permissions, trial expiry and company', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const p = await t.factory.project({ companyId: c.id });
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: h,
        payload: { ...base, companyId: c.id, username: 'valid-01', ...payload },
      });
    expect((await post({ department: '' })).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'department',
      message: '부서을(를) 입력해 주세요.',
    });
    expect((await post({ password: '' })).json().error).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      field: 'password',
    });
    expect((await post({ password: 'short1' })).json().error).toMatchObject({
      code: 'PASSWORD_WEAK',
      field: 'password',
    });
    expect((await post({ projects: [{ projectId: p.id, permissions: [] }] })).json().error).toMatchObject({
      code: 'PERMISSION_REQUIRED',
      field: 'projects.0.permissions',
    });
    expect((await post({ isTrial: true })).json().error).toMatchObject({
      code: 'TRIAL_EXPIRY_REQUIRED',
      field: 'expiresAt',
    });
    expect((await post({ companyId: null })).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'companyId',
    });
    const foreign = await t.factory.project();
    expect((await post({ projects: [{ projectId: foreign.id, permissions: [1] }] })).statusCode).toBe(404);
    expect(
      (await post({ projects: [{ projectId: p.id, permissions: [1] }], defaultProjectId: foreign.id })).json()
        .error,
    ).toMatchObject({ code: 'NOT_PARTICIPANT', field: 'defaultProjectId' });
    const trial = await post({ roleId: 5, isTrial: true, expiresAt: '2030-06-30' });
    expect(trial.json().data).toMatchObject({ roleId: 5, isTrial: true, expiresAt: '2030-06-30' });
  });

  it('edits an account and its password; the ID stays', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const u = await t.factory.user({ roleId: 4, companyId: c.id, username: 'edit-me' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.id}`,
      headers: h,
      payload: {
        username: 'changed',
        roleId: 3,
        companyId: c.id,
        name: 'Lee',
        department: 'Ops',
        password: 'Newpass12345',
      },
    });
    expect(res.json().data).toMatchObject({
      username: 'edit-me',
      roleId: 3,
      name: 'Lee',
      department: 'Ops',
      resetByAdmin: false,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'edit-me', password: 'Newpass12345' },
        })
      ).statusCode,
    ).toBe(200);
    const hist = await t.app.inject({
      method: 'GET',
      url: `/api/admin/history?entityType=user&q=update`,
      headers: h,
    });
    const entry = hist.json().data.data.find((e: { entityId: string }) => e.entityId === String(u.id));
    expect(entry).toMatchObject({
      action: 'user.update+password',
      before: { roleId: 4, name: 'Test User' },
      after: { roleId: 3, name: 'Lee' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Newpass|passwordHash/);
  });

  it('drops memberships of the old company when an account moves to another company', async () => {
    const h = await sys();
    const c1 = await t.factory.company();
    const c2 = await t.factory.company();
    const p1 = await t.factory.project({ companyId: c1.id });
    const u = await t.factory.user({
      roleId: 4,
      companyId: c1.id,
      projects: { [p1.id]: [1, 2] },
      defaultProjectId: p1.id,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.id}`,
      headers: h,
      payload: { roleId: 4, companyId: c2.id, name: 'Moved', department: 'QA' },
    });
    expect(res.json().data).toMatchObject({ company: { id: c2.id }, projects: [], defaultProjectId: null });
  });

  it('keeps admin-level accounts to the system admin and company admins to their company', async () => {
    const c = await t.factory.company();
    const svc = await t.loginAs(await t.factory.user({ roleId: 2, companyId: null }));
    const mkAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: svc,
      payload: { ...base, username: 'svc-made', roleId: 2, companyId: null },
    });
    expect(mkAdmin.statusCode).toBe(403);
    const ca = await t.loginAs(await t.factory.user({ roleId: 3, companyId: c.id }));
    const sysUser = await t.factory.user({ roleId: 1, companyId: c.id });
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${sysUser.id}`,
      headers: ca,
      payload: { roleId: 4, companyId: c.id, name: 'x', department: 'y' },
    });
    expect(promote.statusCode).toBe(403);
    const mate = await t.factory.user({ roleId: 4, companyId: c.id });
    const escalate = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${mate.id}`,
      headers: ca,
      payload: { roleId: 2, companyId: c.id, name: 'x', department: 'y' },
    });
    expect(escalate.statusCode).toBe(403);
  });
});

describe('default project', () => {
  it('is set by the user among its projects, or by an administrator', async () => {
    const c = await t.factory.company();
    const p1 = await t.factory.project({ companyId: c.id });
    const p2 = await t.factory.project({ companyId: c.id });
    const u = await t.factory.user({ roleId: 4, companyId: c.id, projects: { [p1.id]: [1] } });
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/my/default-project',
      headers: await t.loginAs(u),
      payload: { projectId: p1.id },
    });
    expect(own.json().data.defaultProjectId).toBe(p1.id);
    const notMine = await t.app.inject({
      method: 'PUT',
      url: '/api/my/default-project',
      headers: await t.loginAs(u),
      payload: { projectId: p2.id },
    });
    expect(notMine.json().error).toMatchObject({ code: 'NOT_PARTICIPANT', field: 'projectId' });
    const ca = await t.loginAs(await t.factory.user({ roleId: 3, companyId: c.id }));
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/default-project`,
      headers: ca,
      payload: { projectId: null },
    });
    expect(byAdmin.json().data.defaultProjectId).toBeNull();
    // The foundation's session answer shows the same default project.
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/default-project',
      headers: await t.loginAs(u),
      payload: { projectId: p1.id },
    });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/information',
      headers: await t.loginAs(u),
    });
    expect(info.json().data.default_project.id).toBe(p1.id);
  });

  it('lets an administrator choose any project it oversees for itself', async () => {
    const c = await t.factory.company();
    const p = await t.factory.project({ companyId: c.id });
    const other = await t.factory.project();
    const ca = await t.loginAs(await t.factory.user({ roleId: 3, companyId: c.id }));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/my/default-project',
          headers: ca,
          payload: { projectId: p.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/my/default-project',
          headers: ca,
          payload: { projectId: other.id },
        })
      ).statusCode,
    ).toBe(400);
    const sysH = await sys();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/my/default-project',
          headers: sysH,
          payload: { projectId: other.id },
        })
      ).statusCode,
    ).toBe(200);
  });
});
