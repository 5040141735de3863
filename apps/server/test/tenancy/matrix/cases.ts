// Every tenancy endpoint with the outcome the spec gives each actor in each scope. The expectations
// are written out here from SPEC §6 / TENANCY_API.md, independently of packages/domain policy.ts, so
// the matrix checks the policy instead of restating it.
import type { TestApp } from '../../harness';
import {
  PNG,
  algorithmPayload,
  createAlgorithm,
  multipart,
  uniq,
  withHeaders,
  type ActorName,
  type MatrixFixtures,
  type Scope,
} from './fixtures';

export type Outcome = 'ok' | 'deny' | 'invalid';
export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
export interface Ctx {
  t: TestApp;
  fx: MatrixFixtures;
  scope: Scope;
  h: Record<string, string>;
}
export interface MatrixCase {
  name: string;
  /** Unscoped endpoints run once per actor. */
  scoped: boolean;
  /** Public endpoints answer anonymous callers too. */
  public?: boolean;
  expect(actor: ActorName, scope: Scope): Outcome;
  request(ctx: Ctx): Promise<Req> | Req;
  /** For lists: the id that must appear exactly when the actor may see the scope's row. */
  listed?: (fx: MatrixFixtures, scope: Scope) => number;
  visible?: (actor: ActorName, scope: Scope) => boolean;
}

// ---- who may, per SPEC §6 -----------------------------------------------------------------------
const cross = (a: ActorName) => a === 'role1' || a === 'role2';
const members = ['role4', 'role4manager', 'role5'];
const companyA = (s: Scope) => s !== 'otherCompany';
/** Company-level administration of the scope's company: roles 1–2, or the company admin of A. */
const companyAdmin = (a: ActorName, s: Scope) => cross(a) || (a === 'role3' && companyA(s));
const projectRead = (a: ActorName, s: Scope) => companyAdmin(a, s) || (members.includes(a) && s === 'own');
const projectManage = (a: ActorName, s: Scope) => companyAdmin(a, s) || (a === 'role4manager' && s === 'own');
const ok = (allowed: boolean): Outcome => (allowed ? 'ok' : 'deny');

const target = (c: Ctx) => c.fx.targets[c.scope];
const freshUser = (c: Ctx, over: Record<string, unknown> = {}) =>
  c.t.factory.user({ roleId: 4, companyId: target(c).companyId, username: uniq('fresh'), ...over });

export const CASES: MatrixCase[] = [
  // ---- companies
  {
    name: 'GET /api/admin/companies',
    scoped: true,
    expect: (a) => ok(cross(a) || a === 'role3'),
    request: () => ({ method: 'GET', url: '/api/admin/companies?perPage=100' }),
    listed: (fx, s) => fx.targets[s].companyId,
    visible: companyAdmin,
  },
  {
    name: 'GET /api/admin/companies/check-name',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'GET', url: '/api/admin/companies/check-name?name=x' }),
  },
  {
    name: 'POST /api/admin/companies',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'POST', url: '/api/admin/companies', payload: { name: uniq('Co ') } }),
  },
  {
    name: 'GET /api/admin/companies/:id',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/companies/${target(c).companyId}` }),
  },
  {
    name: 'PATCH /api/admin/companies/:id',
    scoped: true,
    expect: (a) => ok(cross(a)),
    request: (c) => ({
      method: 'PATCH',
      url: `/api/admin/companies/${target(c).companyId}`,
      payload: { name: uniq('Renamed ') },
    }),
  },

  // ---- projects
  {
    name: 'GET /api/admin/projects',
    scoped: true,
    expect: () => 'ok',
    request: () => ({ method: 'GET', url: '/api/admin/projects?perPage=100' }),
    listed: (fx, s) => fx.targets[s].projectId,
    visible: projectRead,
  },
  {
    name: 'GET /api/admin/projects/check-code',
    scoped: false,
    expect: (a) => ok(cross(a) || a === 'role3'),
    request: () => ({ method: 'GET', url: '/api/admin/projects/check-code?code=ABCD-1' }),
  },
  {
    name: 'POST /api/admin/projects',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { code: uniq('P-'), companyId: target(c).companyId, title: 'New project' },
    }),
  },
  {
    name: 'GET /api/admin/projects/:id',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/projects/${target(c).projectId}` }),
  },
  {
    name: 'PATCH /api/admin/projects/:id',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({
      method: 'PATCH',
      url: `/api/admin/projects/${target(c).projectId}`,
      payload: { title: uniq('Title ') },
    }),
  },

  // ---- lines
  {
    name: 'GET /api/admin/projects/:id/lines',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/projects/${target(c).projectId}/lines` }),
  },
  {
    name: 'GET /api/admin/projects/:id/lines/check-code',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'GET',
      url: `/api/admin/projects/${target(c).projectId}/lines/check-code?code=LINE-X`,
    }),
  },
  {
    name: 'POST /api/admin/projects/:id/lines',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/projects/${target(c).projectId}/lines`,
      payload: { code: uniq('L-'), name: 'Line', productName: 'Cap', processName: 'Press' },
    }),
  },
  {
    name: 'PATCH /api/admin/projects/:id/lines/:lineId',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'PATCH',
      url: `/api/admin/projects/${target(c).projectId}/lines/${target(c).lineId}`,
      payload: { code: uniq('L-'), name: 'Line', productName: 'Cap', processName: 'Press' },
    }),
  },
  {
    name: 'DELETE /api/admin/projects/:id/lines/:lineId',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/admin/projects/${target(c).projectId}/lines/${(await c.t.factory.line(target(c).projectId)).id}`,
    }),
  },

  // ---- participants and managers
  {
    name: 'GET /api/admin/projects/:id/participants',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({
      method: 'GET',
      url: `/api/admin/projects/${target(c).projectId}/participants?perPage=100`,
    }),
  },
  {
    name: 'GET /api/admin/projects/:id/participant-candidates',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'GET',
      url: `/api/admin/projects/${target(c).projectId}/participant-candidates`,
    }),
  },
  {
    name: 'POST /api/admin/projects/:id/participants (existing)',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: async (c) => ({
      method: 'POST',
      url: `/api/admin/projects/${target(c).projectId}/participants`,
      payload: { mode: 'existing', userId: (await freshUser(c)).id, permissions: [1] },
    }),
  },
  {
    name: 'POST /api/admin/projects/:id/participants (new)',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/projects/${target(c).projectId}/participants`,
      payload: {
        mode: 'new',
        user: { username: uniq('nu'), password: 'Abcdef123456', name: 'New', department: 'QA' },
        permissions: [2],
      },
    }),
  },
  {
    name: 'PUT /api/admin/projects/:id/participants/:userId/permissions',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/projects/${target(c).projectId}/participants/${target(c).userId}/permissions`,
      payload: { permissions: [1, 2] },
    }),
  },
  {
    name: 'DELETE /api/admin/projects/:id/participants/:userId',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/admin/projects/${target(c).projectId}/participants/${(await freshUser(c, { projects: { [target(c).projectId]: [1] } })).id}`,
    }),
  },
  {
    name: 'GET /api/admin/projects/:id/managers',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/projects/${target(c).projectId}/managers` }),
  },
  {
    name: 'GET /api/admin/projects/:id/manager-candidates',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/projects/${target(c).projectId}/manager-candidates` }),
  },
  {
    name: 'POST /api/admin/projects/:id/managers',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: async (c) => ({
      method: 'POST',
      url: `/api/admin/projects/${target(c).projectId}/managers`,
      payload: { userId: (await freshUser(c)).id },
    }),
  },
  {
    name: 'DELETE /api/admin/projects/:id/managers/:userId',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: async (c) => {
      const p = target(c).projectId;
      return {
        method: 'DELETE',
        url: `/api/admin/projects/${p}/managers/${(await freshUser(c, { projects: { [p]: [1, 2] }, managerOf: [p] })).id}`,
      };
    },
  },

  // ---- users
  {
    name: 'GET /api/admin/users',
    scoped: true,
    expect: (a) => ok(cross(a) || a === 'role3'),
    request: () => ({ method: 'GET', url: '/api/admin/users?perPage=100&sort=createdAt&order=desc' }),
    listed: (fx, s) => fx.targets[s].userId,
    visible: companyAdmin,
  },
  {
    name: 'GET /api/admin/users/check-username',
    scoped: false,
    expect: (a) => ok(cross(a) || a === 'role3'),
    request: () => ({ method: 'GET', url: '/api/admin/users/check-username?username=someone' }),
  },
  {
    name: 'GET /api/admin/users/check-username?projectId',
    scoped: true,
    expect: (a, s) => ok(projectManage(a, s)),
    request: (c) => ({
      method: 'GET',
      url: `/api/admin/users/check-username?username=someone&projectId=${target(c).projectId}`,
    }),
  },
  {
    name: 'POST /api/admin/users',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        username: uniq('nu'),
        password: 'Abcdef123456',
        roleId: 4,
        companyId: target(c).companyId,
        name: 'N',
        department: 'D',
      },
    }),
  },
  {
    name: 'GET /api/admin/users/:id',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/users/${target(c).userId}` }),
  },
  {
    name: 'PATCH /api/admin/users/:id',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({
      method: 'PATCH',
      url: `/api/admin/users/${target(c).userId}`,
      payload: { roleId: 4, companyId: target(c).companyId, name: uniq('Name '), department: 'QA' },
    }),
  },
  {
    name: 'PUT /api/admin/users/:id/default-project',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/users/${target(c).userId}/default-project`,
      payload: { projectId: target(c).projectId },
    }),
  },
  {
    name: 'PUT /api/my/default-project',
    scoped: true,
    // Everyone sets their own; the project must be theirs (or overseen), otherwise NOT_PARTICIPANT.
    expect: (a, s) =>
      a === 'role1' || a === 'role2' || (a === 'role3' && companyA(s)) || s === 'own' ? 'ok' : 'invalid',
    request: (c) => ({
      method: 'PUT',
      url: '/api/my/default-project',
      payload: { projectId: target(c).projectId },
    }),
  },

  // ---- password-reset requests
  {
    name: 'POST /api/auth/password-reset-request',
    scoped: false,
    public: true,
    expect: () => 'ok',
    request: () => ({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      payload: { username: uniq('who') },
    }),
  },
  {
    name: 'GET /api/admin/reset-requests',
    scoped: true,
    expect: (a) => ok(cross(a) || a === 'role3'),
    request: () => ({ method: 'GET', url: '/api/admin/reset-requests?perPage=100&status=unprocessed' }),
    listed: (fx, s) => fx.targets[s].resetRequestId,
    visible: companyAdmin,
  },
  {
    name: 'GET /api/admin/reset-requests/:id',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/admin/reset-requests/${target(c).resetRequestId}` }),
  },
  {
    name: 'POST /api/admin/reset-requests/:id/handle',
    scoped: true,
    expect: (a, s) => ok(companyAdmin(a, s)),
    request: async (c) => {
      const u = await freshUser(c);
      await c.t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset-request',
        payload: { username: u.username },
      });
      const list = await c.t.app.inject({
        method: 'GET',
        url: `/api/admin/reset-requests?q=${u.username}`,
        headers: c.fx.headers.role1,
      });
      return {
        method: 'POST',
        url: `/api/admin/reset-requests/${list.json().data.data[0].id}/handle`,
        payload: { action: 'invalid' },
      };
    },
  },

  // ---- algorithms
  {
    name: 'GET /api/admin/algorithms/engines',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'GET', url: '/api/admin/algorithms/engines' }),
  },
  {
    name: 'GET /api/admin/algorithms',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'GET', url: '/api/admin/algorithms' }),
  },
  {
    name: 'POST /api/admin/algorithms',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'POST', url: '/api/admin/algorithms', payload: algorithmPayload() }),
  },
  {
    name: 'GET /api/admin/algorithms/:id',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: (c) => ({ method: 'GET', url: `/api/admin/algorithms/${c.fx.algorithmId}` }),
  },
  {
    name: 'PUT /api/admin/algorithms/:id',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/algorithms/${c.fx.algorithmId}`,
      payload: algorithmPayload(),
    }),
  },
  {
    name: 'DELETE /api/admin/algorithms/:id',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: async (c) => ({
      method: 'DELETE',
      url: `/api/admin/algorithms/${await createAlgorithm(c.t, c.fx.headers.role1)}`,
    }),
  },
  {
    name: 'PUT /api/admin/algorithms/:id/description',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/algorithms/${c.fx.algorithmId}/description`,
      ...withHeaders(multipart(PNG), c.h),
    }),
  },
  {
    name: 'DELETE /api/admin/algorithms/:id/description',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: async (c) => {
      const id = await createAlgorithm(c.t, c.fx.headers.role1);
      await c.t.app.inject({
        method: 'PUT',
        url: `/api/admin/algorithms/${id}/description`,
        ...withHeaders(multipart(PNG), c.fx.headers.role1),
      });
      return { method: 'DELETE', url: `/api/admin/algorithms/${id}/description` };
    },
  },
  {
    name: 'GET /api/admin/algorithms/:id/description',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({
      method: 'GET',
      url: `/api/admin/algorithms/${target(c).scopedAlgorithmId}/description`,
    }),
  },
  {
    name: 'GET /api/algorithms?projectId',
    scoped: true,
    expect: (a, s) => ok(projectRead(a, s)),
    request: (c) => ({ method: 'GET', url: `/api/algorithms?projectId=${target(c).projectId}&perPage=100` }),
    listed: (fx, s) => fx.targets[s].scopedAlgorithmId,
    visible: projectRead,
  },

  // ---- history and dashboard
  {
    name: 'GET /api/admin/history',
    scoped: false,
    expect: (a) => ok(a === 'role1'),
    request: () => ({ method: 'GET', url: '/api/admin/history' }),
  },
  {
    name: 'GET /api/admin/dashboard',
    scoped: false,
    expect: (a) => ok(cross(a)),
    request: () => ({ method: 'GET', url: '/api/admin/dashboard' }),
  },
];
