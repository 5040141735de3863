import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();

async function sysadmin() {
  return t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));
}

describe('companies', () => {
  it('creates a company, lists it with counts and audits the change', async () => {
    const h = await sysadmin();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: h,
      payload: { name: 'Acme Steel' },
    });
    expect(res.statusCode).toBe(201);
    const company = res.json().data;
    expect(company).toMatchObject({
      name: 'Acme Steel',
      projectCount: 0,
      lineCount: 0,
      adminCount: 0,
      userCount: 0,
    });

    const p = await t.factory.project({ companyId: company.id });
    await t.factory.line(p.id);
    await t.factory.user({ roleId: 3, companyId: company.id });
    await t.factory.user({ roleId: 4, companyId: company.id });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/companies?q=acme', headers: h });
    expect(list.json().data).toMatchObject({
      total: 1,
      data: [{ projectCount: 1, lineCount: 1, adminCount: 1, userCount: 2 }],
    });

    const hist = await t.app.inject({
      method: 'GET',
      url: '/api/admin/history?entityType=company',
      headers: h,
    });
    expect(hist.json().data.data[0]).toMatchObject({
      action: 'company.create',
      entityId: String(company.id),
      after: { name: 'Acme Steel' },
    });
  });

  it("answers 'please enter' with the field when the name is empty, in the request's language", async () => {
    const h = await sysadmin();
    const ko = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: h,
      payload: { name: ' ' },
    });
    expect(ko.statusCode).toBe(400);
    expect(ko.json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'name',
      message: '이름을(를) 입력해 주세요.',
    });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: { ...h, 'x-locale': 'en' },
      payload: {},
    });
    expect(en.json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'name',
      message: 'Please enter a name.',
    });
  });

  it('refuses a duplicate name (any case) and renames with before/after in the history', async () => {
    const h = await sysadmin();
    const a = await t.factory.company({ name: 'Dup Works' });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: h,
      payload: { name: 'dup works' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'COMPANY_NAME_TAKEN', field: 'name' });
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/companies/check-name?name=DUP%20WORKS',
      headers: h,
    });
    expect(check.json().data).toEqual({ available: false, code: 'COMPANY_NAME_TAKEN' });

    const ren = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${a.id}`,
      headers: h,
      payload: { name: 'Dup Works 2' },
    });
    expect(ren.json().data.name).toBe('Dup Works 2');
    const hist = await t.app.inject({
      method: 'GET',
      url: '/api/admin/history?action=company.update',
      headers: h,
    });
    expect(hist.json().data.data[0]).toMatchObject({
      before: { name: 'Dup Works' },
      after: { name: 'Dup Works 2' },
    });
  });

  it('shows a company admin only its own company', async () => {
    const own = await t.factory.company();
    const other = await t.factory.company();
    const h = await t.loginAs(await t.factory.user({ roleId: 3, companyId: own.id }));
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/companies?perPage=100', headers: h });
    expect(list.json().data.data.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/companies/${other.id}`, headers: h })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/companies/${own.id}`,
          headers: h,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sorts and pages on the server', async () => {
    const h = await sysadmin();
    for (const n of ['Zeta Co', 'Alpha Co', 'Mid Co']) await t.factory.company({ name: `Sort ${n}` });
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/companies?q=Sort&sort=name&order=desc&perPage=2&page=1',
      headers: h,
    });
    expect(page1.json().data.total).toBe(3);
    expect(page1.json().data.data.map((c: { name: string }) => c.name)).toEqual([
      'Sort Zeta Co',
      'Sort Mid Co',
    ]);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/companies?q=Sort&sort=name&order=desc&perPage=2&page=2',
      headers: h,
    });
    expect(page2.json().data.data.map((c: { name: string }) => c.name)).toEqual(['Sort Alpha Co']);
  });
});
