// /train and /monitoring access on the server (SPEC §6): a project member needs permission 1
// (training) for the dataset endpoints of that project and permission 2 for monitoring; the other one
// alone is refused with 403, and a user outside the project does not learn that it exists (404).
// Decided by the policy's `can(…, 'project.train' | 'project.monitor')`.
import { describe, expect, it } from 'vitest';
import type { Actor, ProjectPermissionId, RoleId } from '@sightline/domain';
import { AppError } from '../src/common/app-error';
import { requireProjectAccess } from '../src/common/project-access';
import { png } from './datasets/fixtures';
import { setupDatasetApp, uploadDataset } from './datasets/harness';

const t = setupDatasetApp();

async function trainingProject() {
  const company = await t.factory.company();
  const project = await t.factory.project({ companyId: company.id, endDate: '2099-01-01' });
  const member = (permissions: ProjectPermissionId[]) =>
    t.factory.user({
      roleId: 4,
      companyId: company.id,
      projects: { [project.id]: permissions },
      trial: false,
    });
  const trainer = await t.loginAs(await member([1]));
  const monitor = await t.loginAs(await member([2]));
  const outsider = await t.loginAs(await t.factory.user({ roleId: 4, companyId: company.id, trial: false }));
  const datasetId = await uploadDataset(t, trainer, { project_id: project.id, name: 'access', type: 'od' }, [
    { name: 'a.png', data: await png(4242) },
  ]);
  return { project, trainer, monitor, outsider, datasetId };
}

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const send = (c: Call, headers: object) => t.app.inject({ ...c, headers: headers as Record<string, string> });

/** Every dataset endpoint of the project, read and write. */
function datasetCalls(projectId: number, id: number): Call[] {
  return [
    { method: 'GET', url: `/api/v2/datasets?project_id=${projectId}` },
    { method: 'GET', url: `/api/v2/datasets/upload/quota?project_id=${projectId}` },
    { method: 'GET', url: `/api/v2/datasets/${id}` },
    { method: 'GET', url: `/api/v2/datasets/${id}/images` },
    { method: 'PATCH', url: `/api/v2/datasets/${id}`, payload: { name: 'renamed' } },
    { method: 'POST', url: `/api/v2/datasets/${id}/classes`, payload: { name: 'dent', is_ok: false } },
    {
      method: 'DELETE',
      url: `/api/v2/datasets/${id}/images`,
      payload: { image_ids: ['00000000-0000-4000-8000-000000000000'] },
    },
    { method: 'POST', url: '/api/v2/download/request', payload: { project_id: projectId, dataset_id: id } },
    { method: 'DELETE', url: `/api/v2/datasets/${id}` },
  ];
}

describe('dataset endpoints need the training permission of the project', () => {
  it('refuses a role-4 member with permission 2 only (403 FORBIDDEN)', async () => {
    const { project, monitor, datasetId } = await trainingProject();
    for (const c of datasetCalls(project.id, datasetId)) {
      const res = await send(c, monitor);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('hides the project from a user who is not a member (404)', async () => {
    const { project, outsider, datasetId } = await trainingProject();
    for (const c of datasetCalls(project.id, datasetId)) {
      const res = await send(c, outsider);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(404);
    }
  });

  it('allows a role-4 member with permission 1', async () => {
    const { project, trainer, datasetId } = await trainingProject();
    const reads = datasetCalls(project.id, datasetId).filter((c) => c.method === 'GET');
    for (const c of reads) {
      const res = await send(c, trainer);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(200);
    }
    const renamed = await send(
      { method: 'PATCH', url: `/api/v2/datasets/${datasetId}`, payload: { name: 'renamed' } },
      trainer,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('renamed');
    const removed = await send({ method: 'DELETE', url: `/api/v2/datasets/${datasetId}` }, trainer);
    expect(removed.statusCode, removed.body).toBe(200);
  });
});

describe('requireProjectAccess, the per-project check for /train and /monitoring services', () => {
  const actor = (
    u: { id: number; roleId: number; companyId: number | null },
    perms: Actor['projectPermissions'],
  ): Actor => ({ id: u.id, roleId: u.roleId as RoleId, companyId: u.companyId, projectPermissions: perms });
  const statusOf = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: unknown) => (e instanceof AppError ? e.status : 500),
    );

  it('needs permission 2 to monitor and permission 1 to train; roles 1-3 per the policy', async () => {
    const company = await t.factory.company();
    const other = await t.factory.company();
    const project = await t.factory.project({ companyId: company.id, endDate: '2099-01-01' });
    const user = await t.factory.user({ roleId: 4, companyId: company.id, trial: false });
    const as = (perms: ProjectPermissionId[]) => actor(user, { [project.id]: perms });
    const check = (a: Actor, action: 'project.train' | 'project.monitor') =>
      statusOf(requireProjectAccess(t.db, a, project.id, action));

    expect(await check(as([2]), 'project.monitor')).toBe(200);
    expect(await check(as([2]), 'project.train')).toBe(403);
    expect(await check(as([1]), 'project.monitor')).toBe(403);
    expect(await check(actor(user, {}), 'project.monitor')).toBe(404);
    const companyAdmin = actor({ id: user.id, roleId: 3, companyId: company.id }, {});
    expect(await check(companyAdmin, 'project.monitor')).toBe(200);
    expect(await check({ ...companyAdmin, companyId: other.id }, 'project.monitor')).toBe(404);
    expect(await statusOf(requireProjectAccess(t.db, as([2]), 999_999, 'project.monitor'))).toBe(404);
  });
});
