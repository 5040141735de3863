import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();

async function setup() {
  const c = await t.factory.company();
  const p = await t.factory.project({ companyId: c.id });
  const ca = await t.loginAs(await t.factory.user({ roleId: 3, companyId: c.id }));
  return { c, p, ca, url: `/api/admin/projects/${p.id}` };
}

describe('participants', () => {
  it('adds an existing user of the company and refuses twice or from another company', async () => {
    const { c, ca, url } = await setup();
    const u = await t.factory.user({ roleId: 4, companyId: c.id, name: 'Hong Gildong' });
    const cand = await t.app.inject({ method: 'GET', url: `${url}/participant-candidates`, headers: ca });
    expect(cand.json().data.data.map((x: { id: number }) => x.id)).toContain(u.id);
    const add = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'existing', userId: u.id, permissions: [1] },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({
      id: u.id,
      name: 'H**********g',
      permissions: [1],
      isManager: false,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'existing', userId: u.id, permissions: [1] },
    });
    expect(again.json().error).toMatchObject({ code: 'ALREADY_PARTICIPANT', field: 'userId' });
    const stranger = await t.factory.user({ roleId: 4, companyId: (await t.factory.company()).id });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${url}/participants`,
          headers: ca,
          payload: { mode: 'existing', userId: stranger.id, permissions: [1] },
        })
      ).statusCode,
    ).toBe(404);
    const noUser = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'existing', permissions: [1] },
    });
    expect(noUser.json().error).toMatchObject({ code: 'FIELD_REQUIRED', field: 'userId' });
  });

  it('adds a new account in the project company, checking the ID', async () => {
    const { c, p, ca, url } = await setup();
    const user = { username: 'fresh-01', password: 'Abcdef123456', name: 'New', department: 'QA' };
    const add = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'new', user, permissions: [1, 2] },
    });
    expect(add.statusCode).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${add.json().data.id}`,
      headers: ca,
    });
    expect(detail.json().data).toMatchObject({
      username: 'fresh-01',
      roleId: 4,
      company: { id: c.id },
      projects: [{ id: p.id, permissions: [1, 2] }],
    });
    const dup = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: { ...ca, 'x-locale': 'en' },
      payload: { mode: 'new', user, permissions: [1] },
    });
    expect(dup.json().error).toMatchObject({
      code: 'USERNAME_TAKEN',
      field: 'user.username',
      message: 'ID already in use, please enter a new ID.',
    });
    const noPerm = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'new', user: { ...user, username: 'fresh-02' }, permissions: [] },
    });
    expect(noPerm.json().error).toMatchObject({ code: 'PERMISSION_REQUIRED', field: 'permissions' });
    const noName = await t.app.inject({
      method: 'POST',
      url: `${url}/participants`,
      headers: ca,
      payload: { mode: 'new', user: { ...user, username: 'fresh-03', name: '' }, permissions: [1] },
    });
    expect(noName.json().error).toMatchObject({ code: 'FIELD_REQUIRED', field: 'user.name' });
  });

  it('edits permissions (at least one) and removes a participant, clearing its default project', async () => {
    const { c, p, ca, url } = await setup();
    const u = await t.factory.user({
      roleId: 4,
      companyId: c.id,
      projects: { [p.id]: [1] },
      defaultProjectId: p.id,
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${url}/participants/${u.id}/permissions`,
      headers: ca,
      payload: { permissions: [2] },
    });
    expect(edit.json().data.permissions).toEqual([2]);
    const none = await t.app.inject({
      method: 'PUT',
      url: `${url}/participants/${u.id}/permissions`,
      headers: ca,
      payload: { permissions: [] },
    });
    expect(none.json().error).toMatchObject({ code: 'PERMISSION_REQUIRED', field: 'permissions' });
    // The permission change takes effect on the user's next request (train needs 1, monitoring 2).
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/information',
      headers: await t.loginAs(u),
    });
    expect(info.json().data.permissions[String(p.id)]).toEqual([2]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/participants/${u.id}`, headers: ca })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/admin/users/${u.id}`, headers: ca });
    expect(after.json().data).toMatchObject({ defaultProjectId: null, projects: [] });
    const gone = await t.app.inject({ method: 'DELETE', url: `${url}/participants/${u.id}`, headers: ca });
    expect(gone.json().error).toMatchObject({ code: 'NOT_PARTICIPANT' });
  });

  it('lets the project manager add and remove participants but not other managers', async () => {
    const { c, p, url } = await setup();
    const pm = await t.loginAs(
      await t.factory.user({ roleId: 4, companyId: c.id, projects: { [p.id]: [1, 2] }, managerOf: [p.id] }),
    );
    const u = await t.factory.user({ roleId: 4, companyId: c.id });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${url}/participants`,
          headers: pm,
          payload: { mode: 'existing', userId: u.id, permissions: [2] },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/participants/${u.id}`, headers: pm })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/managers`, headers: pm, payload: { userId: u.id } }))
        .statusCode,
    ).toBe(403);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/check-username?username=whoever&projectId=${p.id}`,
      headers: pm,
    });
    expect(check.json().data).toEqual({ available: true });
  });
});

describe('project administrators', () => {
  it("registers eligible accounts and answers 'cannot be registered as an administrator' otherwise", async () => {
    const { c, ca, url } = await setup();
    const staff = await t.factory.user({ roleId: 4, companyId: c.id });
    const add = await t.app.inject({
      method: 'POST',
      url: `${url}/managers`,
      headers: ca,
      payload: { userId: staff.id },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ id: staff.id, isManager: true, permissions: [1, 2] });
    const managers = await t.app.inject({ method: 'GET', url: `${url}/managers`, headers: ca });
    expect(managers.json().data.data.map((m: { id: number }) => m.id)).toEqual([staff.id]);
    const project = await t.app.inject({ method: 'GET', url, headers: ca });
    expect(project.json().data.managers.map((m: { id: number }) => m.id)).toEqual([staff.id]);

    const en = { ...ca, 'x-locale': 'en' };
    for (const bad of [
      await t.factory.user({ roleId: 5, companyId: c.id, trial: true, expiresAt: new Date('2099-01-01') }),
      await t.factory.user({ roleId: 4, companyId: (await t.factory.company()).id }),
      await t.factory.user({ roleId: 1, companyId: null }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${url}/managers`,
        headers: en,
        payload: { userId: bad.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'NOT_ADMIN_ELIGIBLE',
        field: 'userId',
        message: 'This account cannot be registered as an administrator.',
      });
    }
    const svc = await t.factory.user({ roleId: 2, companyId: null });
    const cands = await t.app.inject({
      method: 'GET',
      url: `${url}/manager-candidates?perPage=100`,
      headers: ca,
    });
    const ids = cands.json().data.data.map((x: { id: number }) => x.id);
    expect(ids).toContain(svc.id);
    expect(ids).not.toContain(staff.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${url}/managers`,
          headers: ca,
          payload: { userId: svc.id },
        })
      ).statusCode,
    ).toBe(201);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/managers/${staff.id}`, headers: ca })).statusCode,
    ).toBe(200);
    const still = await t.app.inject({ method: 'GET', url: `${url}/participants`, headers: ca });
    expect(still.json().data.data.find((x: { id: number }) => x.id === staff.id)).toMatchObject({
      isManager: false,
    });
  });
});
