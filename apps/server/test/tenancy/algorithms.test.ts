import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '@sightline/domain';
import { AlgorithmRepository } from '../../src/features/algorithm/algorithm.repository';
import { setupTestApp } from '../harness';
import { PNG, algorithmPayload, multipart, withHeaders } from './matrix/fixtures';

const t = setupTestApp();
const sys = async () => t.loginAs(await t.factory.user({ roleId: 1, companyId: null }));

describe('seeded registry', () => {
  it('holds one row per engine declaration, with the declared parameters, seeded once', async () => {
    const h = await sys();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/algorithms?perPage=100', headers: h });
    const rows = res.json().data.data as {
      engineKey: string;
      trainParams: unknown[];
      workType: string;
      kind: string;
    }[];
    expect(rows.map((r) => r.engineKey).sort()).toEqual(ALGORITHMS.map((a) => a.id).sort());
    for (const a of ALGORITHMS) {
      const row = rows.find((r) => r.engineKey === a.id)!;
      expect(row).toMatchObject({ kind: a.kind, workType: a.task, trainParams: a.trainParams });
    }
    // Seeding again (another server start) adds nothing, and a deleted seeded row stays deleted.
    expect(await new AlgorithmRepository(t.db).seed(ALGORITHMS)).toBe(0);
    const first = (res.json().data.data as { id: number }[])[0]!;
    await t.app.inject({ method: 'DELETE', url: `/api/admin/algorithms/${first.id}`, headers: h });
    expect(await new AlgorithmRepository(t.db).seed(ALGORITHMS)).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/algorithms?perPage=100', headers: h });
    expect(after.json().data.total).toBe(ALGORITHMS.length - 1);
  });
});

describe('parameters', () => {
  it('requires min ≤ default ≤ max, numbers only, known keys and whole numbers where declared', async () => {
    const h = { ...(await sys()), 'x-locale': 'en' };
    const base = algorithmPayload();
    const post = (over: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/algorithms',
        headers: h,
        payload: { ...base, ...over },
      });
    const p = base.trainParams[0]!;
    const range = await post({ trainParams: [{ ...p, default: 500 }] });
    expect(range.statusCode).toBe(400);
    expect(range.json().error).toEqual({
      code: 'PARAM_RANGE_INVALID',
      field: 'trainParams.0.default',
      message: 'epochs: the values must satisfy min ≤ default ≤ max.',
    });
    expect((await post({ trainParams: [{ ...p, max: 'ten' }] })).json().error).toMatchObject({
      code: 'NUMBER_REQUIRED',
      field: 'trainParams.0.max',
    });
    expect((await post({ trainParams: [{ ...p, key: 'warpFactor' }] })).json().error).toMatchObject({
      code: 'ALGORITHM_PARAM_UNKNOWN',
      field: 'trainParams.0.key',
      message: 'The engine does not know the parameter key: warpFactor',
    });
    expect((await post({ trainParams: [{ ...p, default: 2.5 }] })).json().error).toMatchObject({
      code: 'PARAM_RANGE_INVALID',
    });
    expect((await post({ engineKey: 'nope' })).json().error).toMatchObject({
      code: 'ALGORITHM_UNKNOWN_ENGINE',
      field: 'engineKey',
    });
    expect((await post({ workType: 'od' })).json().error).toMatchObject({
      code: 'ALGORITHM_UNKNOWN_ENGINE',
      field: 'workType',
    });
    expect((await post({ name: { ko: '', en: 'x' } })).json().error).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'name.ko',
    });
    const ok = await post({ trainParams: [{ ...p, default: 20, min: 5, max: 50 }] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.trainParams[0]).toMatchObject({
      key: 'epochs',
      default: 20,
      min: 5,
      max: 50,
      integer: true,
    });
  });

  it('edits scope and parameters, with before/after in the history', async () => {
    const h = await sys();
    const p = await t.factory.project();
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/algorithms',
        headers: h,
        payload: algorithmPayload(),
      })
    ).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${created.id}`,
      headers: h,
      payload: algorithmPayload({ scope: 'projects', projectIds: [p.id] }),
    });
    expect(put.json().data).toMatchObject({ scope: 'projects', projects: [{ id: p.id, code: p.code }] });
    const noProjects = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${created.id}`,
      headers: h,
      payload: algorithmPayload({ scope: 'projects', projectIds: [] }),
    });
    expect(noProjects.json().error).toMatchObject({ code: 'FIELD_REQUIRED', field: 'projectIds' });
    const hist = await t.app.inject({
      method: 'GET',
      url: '/api/admin/history?action=algorithm.update',
      headers: h,
    });
    expect(hist.json().data.data[0]).toMatchObject({
      entityId: String(created.id),
      before: { scope: 'all' },
      after: { scope: 'projects', projectIds: [p.id] },
    });
  });

  it('lists for a project only the algorithms in its scope', async () => {
    const h = await sys();
    const c = await t.factory.company();
    const p1 = await t.factory.project({ companyId: c.id });
    const p2 = await t.factory.project({ companyId: c.id });
    const only2 = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/algorithms',
        headers: h,
        payload: algorithmPayload({ scope: 'projects', projectIds: [p2.id] }),
      })
    ).json().data;
    const member = await t.loginAs(
      await t.factory.user({ roleId: 4, companyId: c.id, projects: { [p1.id]: [1] } }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/algorithms?projectId=${p1.id}&perPage=100&kind=training`,
      headers: member,
    });
    const ids = res.json().data.data.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(only2.id);
    expect(
      res
        .json()
        .data.data.every((a: { scope: string; kind: string }) => a.scope === 'all' && a.kind === 'training'),
    ).toBe(true);
  });
});

describe('description document', () => {
  it("answers 'No algorithm description image' until one is uploaded, then serves it", async () => {
    const h = await sys();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/algorithms',
        headers: h,
        payload: algorithmPayload(),
      })
    ).json().data.id;
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/admin/algorithms/${id}/description`,
      headers: { ...h, 'x-locale': 'en' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({
      code: 'ALGORITHM_NO_DESCRIPTION',
      message: 'No algorithm description image.',
    });

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${id}/description`,
      ...withHeaders(multipart(Buffer.from('#!/bin/sh\necho hi'), '../../evil.png'), h),
    });
    expect(bad.json().error).toMatchObject({ code: 'DESCRIPTION_FILE_TYPE', field: 'file' });

    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${id}/description`,
      ...withHeaders(multipart(PNG, '../../guide.png'), h),
    });
    expect(up.json().data.descriptionFile).toEqual({
      name: 'guide.png',
      mime: 'image/png',
      size: PNG.length,
    });
    const [row] = (
      await t.db.execute<{ key: string }>(
        sql`SELECT description_file->>'key' AS key FROM algorithms WHERE id = ${id}`,
      )
    ).rows;
    expect(row!.key).toMatch(new RegExp(`^algorithms/${id}/[0-9a-f-]{36}$`));

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/admin/algorithms/${id}/description`,
      headers: h,
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    // Replacing removes the old object; removing answers the 'no description' state again.
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${id}/description`,
      ...withHeaders(multipart(pdf, 'manual.pdf'), h),
    });
    expect(await t.deps.storage.stat(row!.key)).toBeNull();
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/admin/algorithms/${id}/description`, headers: h })
      ).json().data.descriptionFile,
    ).toBeNull();
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/algorithms/${id}/description`, headers: h })
      ).json().error.code,
    ).toBe('ALGORITHM_NO_DESCRIPTION');
  });
});
