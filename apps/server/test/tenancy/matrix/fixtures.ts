// Shared fixtures of the access matrix: two companies, three projects, one actor per role (plus a
// project manager), and per-scope targets. Built once per file to keep the run short.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp, TestUser } from '../../harness';

export const SCOPES = ['own', 'otherProject', 'otherCompany'] as const;
export type Scope = (typeof SCOPES)[number];
export const ACTORS = ['anonymous', 'role1', 'role2', 'role3', 'role4', 'role4manager', 'role5'] as const;
export type ActorName = (typeof ACTORS)[number];

export interface ScopeTarget {
  companyId: number;
  projectId: number;
  lineId: number;
  /** A role-4 participant of the scope's project (permissions [1]). */
  userId: number;
  /** A pending reset request of `userId`. */
  resetRequestId: number;
  /** An algorithm limited to the scope's project, with a description document. */
  scopedAlgorithmId: number;
}

export interface MatrixFixtures {
  actors: Record<Exclude<ActorName, 'anonymous'>, TestUser>;
  headers: Record<ActorName, Record<string, string>>;
  targets: Record<Scope, ScopeTarget>;
  /** A registry algorithm any admin may read or edit. */
  algorithmId: number;
}

export const uniq = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** A tiny valid PNG for description uploads. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export function multipart(file: Buffer, name = 'guide.png') {
  const boundary = `----matrix${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function buildFixtures(t: TestApp): Promise<MatrixFixtures> {
  const f = t.factory;
  const A = await f.company({ name: uniq('Matrix A ') });
  const B = await f.company({ name: uniq('Matrix B ') });
  const PA1 = await f.project({ companyId: A.id });
  const PA2 = await f.project({ companyId: A.id });
  const PB = await f.project({ companyId: B.id });

  const actors = {
    role1: await f.user({ roleId: 1, companyId: null, username: uniq('sys') }),
    role2: await f.user({ roleId: 2, companyId: null, username: uniq('svc') }),
    role3: await f.user({ roleId: 3, companyId: A.id, username: uniq('ca') }),
    role4: await f.user({ roleId: 4, companyId: A.id, username: uniq('u4'), projects: { [PA1.id]: [1, 2] } }),
    role4manager: await f.user({
      roleId: 4,
      companyId: A.id,
      username: uniq('pm'),
      projects: { [PA1.id]: [1, 2] },
      managerOf: [PA1.id],
    }),
    role5: await f.user({
      roleId: 5,
      companyId: A.id,
      username: uniq('tr'),
      trial: true,
      expiresAt: new Date('2099-01-01'),
      projects: { [PA1.id]: [1] },
    }),
  };
  const headers = { anonymous: {} } as MatrixFixtures['headers'];
  for (const [k, u] of Object.entries(actors)) headers[k as ActorName] = await t.loginAs(u);

  const sys = headers.role1;
  const targets = {} as Record<Scope, ScopeTarget>;
  const scopeProjects: Record<Scope, { companyId: number; projectId: number }> = {
    own: { companyId: A.id, projectId: PA1.id },
    otherProject: { companyId: A.id, projectId: PA2.id },
    otherCompany: { companyId: B.id, projectId: PB.id },
  };
  for (const [scope, { companyId, projectId }] of Object.entries(scopeProjects) as [
    Scope,
    { companyId: number; projectId: number },
  ][]) {
    const line = await f.line(projectId);
    const user = await f.user({ roleId: 4, companyId, username: uniq('tg'), projects: { [projectId]: [1] } });
    const rr = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      payload: { username: user.username },
    });
    const [req] = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM password_reset_requests WHERE username = ${user.username}`,
      )
    ).rows;
    if (rr.statusCode !== 201 || !req) throw new Error(`reset request fixture failed: ${rr.body}`);
    const scopedAlgorithmId = await createAlgorithm(t, sys, { scope: 'projects', projectIds: [projectId] });
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/algorithms/${scopedAlgorithmId}/description`,
      ...withHeaders(multipart(PNG), sys),
    });
    if (up.statusCode !== 200) throw new Error(`description fixture failed: ${up.body}`);
    targets[scope] = {
      companyId,
      projectId,
      lineId: line.id,
      userId: user.id,
      resetRequestId: req.id,
      scopedAlgorithmId,
    };
  }
  return { actors, headers, targets, algorithmId: await createAlgorithm(t, sys) };
}

export function withHeaders(
  m: { payload: Buffer; headers: Record<string, string> },
  h: Record<string, string>,
) {
  return { payload: m.payload, headers: { ...h, ...m.headers } };
}

/** An algorithm based on the first engine declaration, created through the API. */
export async function createAlgorithm(
  t: TestApp,
  sys: Record<string, string>,
  over: { scope?: 'all' | 'projects'; projectIds?: number[] } = {},
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/algorithms',
    headers: sys,
    payload: algorithmPayload(over),
  });
  if (res.statusCode !== 201) throw new Error(`algorithm fixture failed: ${res.body}`);
  return res.json().data.id;
}

export function algorithmPayload(over: { scope?: 'all' | 'projects'; projectIds?: number[] } = {}) {
  return {
    engineKey: 'cf-resnet',
    name: { ko: '분류', en: 'Classification' },
    kind: 'training',
    workType: 'cf',
    scope: over.scope ?? 'all',
    projectIds: over.projectIds ?? [],
    trainParams: [{ key: 'epochs', name: { ko: '학습 횟수', en: 'Epochs' }, default: 10, min: 1, max: 100 }],
    inferenceParams: [],
    augmentationParams: [],
  };
}

/** A digest of every table the tenancy endpoints write: equal before and after means "changed nothing". */
export async function fingerprint(t: TestApp): Promise<string> {
  const tables = [
    'companies',
    'projects',
    'lines',
    'users',
    'project_members',
    'password_reset_requests',
    'algorithms',
    'algorithm_projects',
    'audit_log',
  ];
  const parts = tables.map(
    (name) => `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${name} t)`,
  );
  const res = await t.database.pool.query<{ fp: string }>(`SELECT ${parts.join(" || ':' || ")} AS fp`);
  return res.rows[0]!.fp;
}
