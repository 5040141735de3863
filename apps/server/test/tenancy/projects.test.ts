import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();
const sys = async () => t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));

describe('project codes', () => {
  it('answers the duplicate check with the rule that fails', async () => {
    const h = await sys();
    await t.factory.project({ code: 'TAKEN-01' });
    const check = async (code: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/projects/check-code?code=${encodeURIComponent(code)}`,
          headers: h,
        })
      ).json().data;
    expect(await check('abc')).toEqual({ available: false, code: 'IDENTIFIER_TOO_SHORT' });
    expect(await check('ab c!')).toEqual({ available: false, code: 'IDENTIFIER_INVALID_CHARS' });
    expect(await check('taken-01')).toEqual({ available: false, code: 'PROJECT_CODE_TAKEN' });
    expect(await check('FREE_01-x')).toEqual({ available: true });
  });

  it('creates with a valid code, refuses a taken one and never changes the code', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const body = {
      code: 'NEWP-01',
      companyId: c.id,
      title: 'Press',
      description: 'd',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      uploadLimit: 1000,
      learningLimit: 5,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: h, payload: body });
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      code: 'NEWP-01',
      company: { id: c.id },
      endDate: '2025-12-31',
      uploadLimit: 1000,
      learningLimit: 5,
      lineCount: 0,
    });

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/projects',
      headers: { ...h, 'x-locale': 'en' },
      payload: { ...body, code: 'newp-01' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'PROJECT_CODE_TAKEN',
      field: 'code',
      message: 'This project code is already in use.',
    });

    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/projects/${p.id}`,
      headers: h,
      payload: { code: 'OTHER-01', title: 'x' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error).toMatchObject({ code: 'PROJECT_CODE_IMMUTABLE', field: 'code' });
    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/projects/${p.id}`,
      headers: h,
      payload: { code: 'NEWP-01', title: 'Renamed', endDate: null },
    });
    expect(same.json().data).toMatchObject({ code: 'NEWP-01', title: 'Renamed', endDate: null });
    // The foundation's project-limit endpoint reads the same end date: null now means "no limit".
    const limit = await t.app.inject({ method: 'GET', url: `/api/v2/project-limit/${p.id}/get`, headers: h });
    expect(limit.json()).toEqual({});
  });

  it('checks required fields, numbers-only limits, the usage period and the company', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: h, payload });
    expect((await post({ code: 'REQ-001', companyId: c.id })).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'title',
      message: '프로젝트명을(를) 입력해 주세요.',
    });
    expect(
      (await post({ code: 'REQ-001', companyId: c.id, title: 't', uploadLimit: '10a' })).json().error,
    ).toMatchObject({ code: 'NUMBER_REQUIRED', field: 'uploadLimit' });
    expect(
      (
        await post({
          code: 'REQ-001',
          companyId: c.id,
          title: 't',
          startDate: '2025-05-01',
          endDate: '2025-04-01',
        })
      ).json().error,
    ).toMatchObject({ code: 'DATE_RANGE_INVALID', field: 'endDate' });
    expect((await post({ code: 'ab', companyId: c.id, title: 't' })).json().error).toMatchObject({
      code: 'IDENTIFIER_TOO_SHORT',
      field: 'code',
      message: '4자 이상 입력해 주세요.',
    });
    const missing = await post({ code: 'REQ-002', companyId: 999999, title: 't' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.field).toBe('companyId');
  });

  it('lets a company admin create projects in its company only', async () => {
    const own = await t.factory.company();
    const other = await t.factory.company();
    const h = await t.loginAs(await t.factory.user({ roleId: 3, companyId: own.id }));
    const mk = (companyId: number, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/projects',
        headers: h,
        payload: { code, companyId, title: 'T' },
      });
    expect((await mk(own.id, 'CA-OWN-1')).statusCode).toBe(201);
    expect((await mk(other.id, 'CA-OTH-1')).statusCode).toBe(403);
  });

  it('filters by company and searches code and title', async () => {
    const h = await sys();
    const c = await t.factory.company();
    await t.factory.project({ companyId: c.id, code: 'FLT-AAA', title: 'Welding' });
    await t.factory.project({ companyId: c.id, code: 'FLT-BBB', title: 'Painting' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/projects?companyId=${c.id}&q=weld`,
      headers: h,
    });
    expect(res.json().data).toMatchObject({ total: 1, data: [{ code: 'FLT-AAA' }] });
    const sorted = await t.app.inject({
      method: 'GET',
      url: `/api/admin/projects?companyId=${c.id}&sort=code&order=desc`,
      headers: h,
    });
    expect(sorted.json().data.data.map((p: { code: string }) => p.code)).toEqual(['FLT-BBB', 'FLT-AAA']);
  });
});

describe('my projects', () => {
  it('narrows a service admin to the projects it manages with mine=true', async () => {
    const svcUser = await t.factory.user({ roleId: 2, companyId: null });
    const managed = await t.factory.project();
    await t.factory.project();
    const h = await t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/projects/${managed.id}/managers`,
      headers: h,
      payload: { userId: svcUser.id },
    });
    const svc = await t.loginAs(svcUser);
    const mine = await t.app.inject({ method: 'GET', url: '/api/admin/projects?mine=true', headers: svc });
    expect(mine.json().data).toMatchObject({
      total: 1,
      data: [{ id: managed.id, managers: [{ id: svcUser.id }] }],
    });
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/projects?perPage=100', headers: svc });
    expect(all.json().data.total).toBeGreaterThan(1);
  });
});

describe('lines', () => {
  it('keeps line codes unique within a project only', async () => {
    const h = await sys();
    const p1 = await t.factory.project();
    const p2 = await t.factory.project();
    const body = { code: 'LINE-01', name: 'Line 1', productName: 'Cap', processName: 'Press' };
    const add = (pid: number, b: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/projects/${pid}/lines`, headers: h, payload: b });
    expect((await add(p1.id, body)).statusCode).toBe(201);
    expect((await add(p2.id, body)).statusCode).toBe(201);
    const dup = await add(p1.id, { ...body, code: 'line-01' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'LINE_CODE_TAKEN', field: 'code' });
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/admin/projects/${p1.id}/lines/check-code?code=LINE-01`,
      headers: h,
    });
    expect(check.json().data).toEqual({ available: false, code: 'LINE_CODE_TAKEN' });
    expect((await add(p1.id, { ...body, code: 'L1' })).json().error).toMatchObject({
      code: 'IDENTIFIER_TOO_SHORT',
      field: 'code',
    });
    expect((await add(p1.id, { ...body, code: 'LINE-02', productName: '' })).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'productName',
    });
  });

  it('edits and deletes lines, and a project manager may do it too', async () => {
    const c = await t.factory.company();
    const p = await t.factory.project({ companyId: c.id });
    const pm = await t.factory.user({
      roleId: 4,
      companyId: c.id,
      projects: { [p.id]: [1, 2] },
      managerOf: [p.id],
    });
    const h = await t.loginAs(pm);
    const line = await t.factory.line(p.id, { code: 'EDIT-01' });
    const other = await t.factory.line(p.id, { code: 'EDIT-02' });
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/projects/${p.id}/lines/${line.id}`,
      headers: h,
      payload: { code: 'EDIT-02', name: 'n', productName: 'p', processName: 'q' },
    });
    expect(clash.statusCode).toBe(409);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/projects/${p.id}/lines/${line.id}`,
      headers: h,
      payload: { code: 'EDIT-01', name: 'Renamed', productName: 'p', processName: 'q' },
    });
    expect(ok.json().data).toMatchObject({
      code: 'EDIT-01',
      name: 'Renamed',
      productName: 'p',
      processName: 'q',
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/projects/${p.id}/lines/${other.id}`,
          headers: h,
        })
      ).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/projects/${p.id}/lines`, headers: h });
    expect(list.json().data).toMatchObject({ total: 1, data: [{ id: line.id }] });
    // A line of another project is not found through this project.
    const foreign = await t.factory.line((await t.factory.project({ companyId: c.id })).id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/projects/${p.id}/lines/${foreign.id}`,
          headers: h,
        })
      ).statusCode,
    ).toBe(404);
  });
});
