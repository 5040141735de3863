// Maps account rows to UserRecord answers. Lists mask the name (SPEC §5 "names are masked for
// display"); the detail answer keeps it whole for the edit form.
import { maskName, type UserRecord } from '@sightline/domain';
import type { AccountRow, MembershipRow } from './account.repository';

export function mapUser(u: AccountRow, memberships: MembershipRow[], opts: { mask: boolean }): UserRecord {
  return {
    id: u.id,
    username: u.username,
    name: opts.mask ? maskName(u.name) : u.name,
    department: u.department,
    roleId: u.roleId,
    company: u.companyId === null ? null : { id: u.companyId, name: u.companyName ?? '' },
    isTrial: u.trial,
    expiresAt: u.expiresAt ? u.expiresAt.toISOString().slice(0, 10) : null,
    defaultProjectId: u.defaultProjectId,
    resetByAdmin: u.resetByAdmin,
    createdAt: u.createdAt.toISOString(),
    projects: memberships
      .filter((m) => m.userId === u.id)
      .map((m) => ({
        id: m.projectId,
        code: m.code,
        title: m.title,
        permissions: m.permissions,
        isManager: m.isManager,
      })),
  };
}

/** The account facts the policy needs (user.read / update / resetPassword). */
export const userFacts = (u: Pick<AccountRow, 'id' | 'companyId' | 'roleId'>) => ({
  userId: u.id,
  companyId: u.companyId,
  roleId: u.roleId as 1 | 2 | 3 | 4 | 5,
});

/** Audit snapshot of an account: never the password. */
export const accountSnapshot = (u: AccountRow) => ({
  username: u.username,
  name: u.name,
  department: u.department,
  roleId: u.roleId,
  companyId: u.companyId,
  trial: u.trial,
  expiresAt: u.expiresAt ? u.expiresAt.toISOString().slice(0, 10) : null,
  defaultProjectId: u.defaultProjectId,
});
