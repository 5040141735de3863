import { describe, expect, it } from 'vitest';
import { can, isManagerEligible, listScope } from '../policy';
import type { Actor, RoleId } from '../roles';

const actor = (roleId: RoleId, extra: Partial<Actor> = {}): Actor => ({
  id: 10,
  roleId,
  companyId: 1,
  projectPermissions: {},
  ...extra,
});
const own = { companyId: 1, projectId: 100, managerIds: [] as number[] };
const other = { companyId: 2, projectId: 200, managerIds: [] as number[] };

describe('admin-level actions', () => {
  it('gives history only to the system admin, dashboard and algorithms to roles 1–2', () => {
    expect([1, 2, 3, 4, 5].map((r) => can(actor(r as RoleId), 'history.read'))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, 4, 5].map((r) => can(actor(r as RoleId), 'dashboard.read'))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, 4, 5].map((r) => can(actor(r as RoleId), 'algorithm.manage'))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('tenant boundaries', () => {
  it('lets a company admin handle only its own company', () => {
    const ca = actor(3);
    expect(can(ca, 'project.update', own)).toBe(true);
    expect(can(ca, 'project.update', other)).toBe(false);
    expect(can(ca, 'project.create', { companyId: 2 })).toBe(false);
    expect(can(ca, 'company.read', { companyId: 1 })).toBe(true);
    expect(can(ca, 'company.update', { companyId: 1 })).toBe(false);
    expect(listScope(ca, 'user')).toEqual({ kind: 'company', companyId: 1 });
  });
  it('lets roles 1–2 work across companies', () => {
    for (const r of [1, 2] as const) {
      expect(can(actor(r), 'project.manageMembers', other)).toBe(true);
      expect(listScope(actor(r), 'project')).toEqual({ kind: 'all' });
    }
  });
  it('never lets a company admin without a company see anything', () => {
    expect(listScope(actor(3, { companyId: null }), 'project')).toEqual({ kind: 'none' });
    expect(can(actor(3, { companyId: null }), 'project.read', { companyId: null })).toBe(false);
  });
});

describe('projects for users', () => {
  const member = actor(4, { projectPermissions: { 100: [1] } });
  it('shows a user only the projects it belongs to', () => {
    expect(can(member, 'project.read', own)).toBe(true);
    expect(can(member, 'project.read', { ...own, projectId: 101 })).toBe(false);
    expect(listScope(member, 'project')).toEqual({ kind: 'member', userId: 10 });
    expect(listScope(member, 'user')).toEqual({ kind: 'none' });
  });
  it('needs permission 1 for training and 2 for monitoring', () => {
    expect(can(member, 'project.train', own)).toBe(true);
    expect(can(member, 'project.monitor', own)).toBe(false);
    expect(can(actor(3), 'project.monitor', own)).toBe(true);
    expect(can(actor(3), 'project.monitor', other)).toBe(false);
  });
  it('lets the project manager, and no other member, manage participants and lines', () => {
    expect(can(member, 'project.manageMembers', own)).toBe(false);
    expect(can(member, 'project.manageMembers', { ...own, managerIds: [10] })).toBe(true);
    expect(can(member, 'line.manage', { ...own, managerIds: [10] })).toBe(true);
    expect(can(member, 'project.update', { ...own, managerIds: [10] })).toBe(false);
  });
});

describe('accounts', () => {
  it('keeps admin-level accounts to the system admin', () => {
    expect(can(actor(1), 'user.create', { companyId: null, roleId: 2 })).toBe(true);
    expect(can(actor(2), 'user.create', { companyId: 1, roleId: 2 })).toBe(false);
    expect(can(actor(2), 'user.create', { companyId: 5, roleId: 3 })).toBe(true);
    expect(can(actor(3), 'user.create', { companyId: 1, roleId: 4 })).toBe(true);
    expect(can(actor(3), 'user.create', { companyId: 2, roleId: 4 })).toBe(false);
    expect(can(actor(3), 'user.update', { companyId: 1, roleId: 1 })).toBe(false);
    expect(can(actor(4), 'user.create', { companyId: 1, roleId: 4 })).toBe(false);
  });
  it('lets anyone read themselves and set their own default project', () => {
    expect(can(actor(5), 'user.read', { userId: 10, companyId: 1, roleId: 5 })).toBe(true);
    expect(can(actor(5), 'user.read', { userId: 11, companyId: 1, roleId: 5 })).toBe(false);
    expect(can(actor(4), 'user.setDefaultProject', { userId: 10, companyId: 1, roleId: 4 })).toBe(true);
    expect(can(actor(4), 'user.setDefaultProject', { userId: 11, companyId: 1, roleId: 4 })).toBe(false);
    expect(can(actor(3), 'user.setDefaultProject', { userId: 11, companyId: 1, roleId: 4 })).toBe(true);
  });
  it('allows only roles 2–4 of the project company as project administrators', () => {
    expect(isManagerEligible({ roleId: 4, companyId: 1 }, 1)).toBe(true);
    expect(isManagerEligible({ roleId: 4, companyId: 2 }, 1)).toBe(false);
    expect(isManagerEligible({ roleId: 2, companyId: null }, 1)).toBe(true);
    expect(isManagerEligible({ roleId: 5, companyId: 1 }, 1)).toBe(false);
    expect(isManagerEligible({ roleId: 1, companyId: null }, 1)).toBe(false);
  });
  it('shows reset requests of unknown IDs to roles 1–2 only, others by company', () => {
    expect(can(actor(2), 'resetRequest.read', {})).toBe(true);
    expect(can(actor(3), 'resetRequest.read', {})).toBe(false);
    expect(can(actor(3), 'resetRequest.read', { userId: 5, companyId: 1, roleId: 4 })).toBe(true);
    expect(can(actor(3), 'resetRequest.read', { userId: 5, companyId: 2, roleId: 4 })).toBe(false);
    expect(can(actor(4), 'resetRequest.read', { userId: 10, companyId: 1, roleId: 4 })).toBe(false);
  });
});
