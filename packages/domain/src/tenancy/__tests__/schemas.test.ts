import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../../algorithms';
import { algorithmInputSchema, adminParamSchema, isDashboardNavActive } from '../algorithm-schemas';
import { firstIssue } from '../issues';
import { lineInputSchema, projectCreateSchema } from '../schemas';
import { participantAddSchema, userCreateSchema } from '../user-schemas';

const issueOf = (r: { success: boolean; error?: unknown }) => firstIssue(r.error as never);

const user = {
  username: 'kimlee',
  password: 'Abcdef12345',
  roleId: 4,
  companyId: 1,
  name: 'Kim',
  department: 'QA',
};

describe('user payloads', () => {
  it('accepts a complete account', () => {
    expect(userCreateSchema.parse(user)).toMatchObject({ isTrial: false, expiresAt: null, projects: [] });
  });
  it("answers 'please enter' with the field for each missing required field", () => {
    for (const field of ['name', 'department'] as const) {
      const r = userCreateSchema.safeParse({ ...user, [field]: '  ' });
      expect(issueOf(r)).toMatchObject({ code: 'FIELD_REQUIRED', field });
    }
    expect(issueOf(userCreateSchema.safeParse({ ...user, password: '' }))).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      field: 'password',
    });
  });
  it('refuses short IDs, weak passwords and trial accounts without expiry', () => {
    expect(issueOf(userCreateSchema.safeParse({ ...user, username: 'abc' }))).toMatchObject({
      code: 'IDENTIFIER_TOO_SHORT',
      field: 'username',
      params: { min: 4 },
    });
    expect(issueOf(userCreateSchema.safeParse({ ...user, username: 'admin' }))).toMatchObject({
      code: 'USERNAME_UNAVAILABLE',
    });
    expect(issueOf(userCreateSchema.safeParse({ ...user, password: 'short1' }))).toMatchObject({
      code: 'PASSWORD_WEAK',
    });
    expect(issueOf(userCreateSchema.safeParse({ ...user, isTrial: true }))).toMatchObject({
      code: 'TRIAL_EXPIRY_REQUIRED',
      field: 'expiresAt',
    });
    expect(userCreateSchema.safeParse({ ...user, isTrial: true, expiresAt: '2030-01-01' }).success).toBe(
      true,
    );
  });
  it('needs at least one permission per project and drops repeats', () => {
    const r = userCreateSchema.safeParse({ ...user, projects: [{ projectId: 3, permissions: [] }] });
    expect(issueOf(r)).toMatchObject({ code: 'PERMISSION_REQUIRED' });
    expect(
      userCreateSchema.parse({ ...user, projects: [{ projectId: 3, permissions: [2, 1, 2] }] }).projects[0]!
        .permissions,
    ).toEqual([1, 2]);
    expect(
      userCreateSchema.safeParse({ ...user, projects: [{ projectId: 3, permissions: [3] }] }).success,
    ).toBe(false);
  });
});

describe('participants', () => {
  it('takes an existing user or a new account, both with permissions', () => {
    expect(participantAddSchema.safeParse({ mode: 'existing', userId: 5, permissions: [1] }).success).toBe(
      true,
    );
    expect(issueOf(participantAddSchema.safeParse({ mode: 'existing', permissions: [1] }))).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'userId',
    });
    const fresh = participantAddSchema.parse({
      mode: 'new',
      user: { ...user, roleId: undefined },
      permissions: [2],
    });
    expect(fresh.mode === 'new' && fresh.user.roleId).toBe(4);
  });
});

describe('projects and lines', () => {
  const project = { code: 'PRJ-01', companyId: 1, title: 'Press line' };
  it('validates code, numbers-only limits and the usage period', () => {
    expect(projectCreateSchema.parse(project)).toMatchObject({ endDate: null, uploadLimit: null });
    expect(issueOf(projectCreateSchema.safeParse({ ...project, code: 'P 01' }))).toMatchObject({
      code: 'IDENTIFIER_INVALID_CHARS',
      field: 'code',
    });
    expect(issueOf(projectCreateSchema.safeParse({ ...project, uploadLimit: 'ten' }))).toMatchObject({
      code: 'NUMBER_REQUIRED',
      field: 'uploadLimit',
    });
    expect(
      issueOf(projectCreateSchema.safeParse({ ...project, startDate: '2025-02-01', endDate: '2025-01-01' })),
    ).toMatchObject({
      code: 'DATE_RANGE_INVALID',
      field: 'endDate',
    });
  });
  it('needs line code, name, product and process name', () => {
    const line = { code: 'L-001', name: 'A', productName: 'B', processName: 'C' };
    expect(lineInputSchema.safeParse(line).success).toBe(true);
    expect(issueOf(lineInputSchema.safeParse({ ...line, processName: '' }))).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'processName',
    });
  });
});

describe('algorithm parameters', () => {
  const param = { key: 'epochs', name: { ko: '학습', en: 'Epochs' }, default: 10, min: 1, max: 100 };
  it('needs min ≤ default ≤ max and numbers only', () => {
    expect(adminParamSchema.safeParse(param).success).toBe(true);
    expect(issueOf(adminParamSchema.safeParse({ ...param, default: 101 }))).toMatchObject({
      code: 'PARAM_RANGE_INVALID',
      params: { key: 'epochs' },
    });
    expect(issueOf(adminParamSchema.safeParse({ ...param, min: 200 }))).toMatchObject({
      code: 'PARAM_RANGE_INVALID',
    });
    expect(issueOf(adminParamSchema.safeParse({ ...param, max: '1e3' }))).toMatchObject({
      code: 'NUMBER_REQUIRED',
      field: 'max',
    });
    expect(issueOf(adminParamSchema.safeParse({ ...param, integer: true, default: 1.5 }))).toMatchObject({
      code: 'PARAM_RANGE_INVALID',
    });
  });
  it('accepts every declared engine algorithm as an admin payload', () => {
    for (const a of ALGORITHMS) {
      const r = algorithmInputSchema.safeParse({
        ...a,
        engineKey: a.id,
        workType: a.task,
        scope: 'all',
        projectIds: [],
      });
      expect(r.success, a.id).toBe(true);
    }
  });
  it('needs projects when the scope is limited', () => {
    const a = ALGORITHMS[0]!;
    const r = algorithmInputSchema.safeParse({
      ...a,
      engineKey: a.id,
      workType: a.task,
      scope: 'projects',
      projectIds: [],
    });
    expect(issueOf(r)).toMatchObject({ code: 'FIELD_REQUIRED', field: 'projectIds' });
  });
});

it('highlights the dashboard entry on history paths', () => {
  expect(isDashboardNavActive('/admin')).toBe(true);
  expect(isDashboardNavActive('/admin/history')).toBe(true);
  expect(isDashboardNavActive('/admin/user')).toBe(false);
});
