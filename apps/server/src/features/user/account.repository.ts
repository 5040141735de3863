// Account queries for the admin and my areas: scoped lists, memberships, the ID duplicate check, writes.
// (The session-side user queries live in features/user/user.repository.ts, owned by the foundation.)
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, ListScope, ProjectPermissionId, RoleId } from '@sightline/domain';
import { invalidateSessionCache } from '../auth/session-liveness';
import { companies, projectMembers, projects, refreshTokens, users, type UserRow } from '@sightline/db';
import { listPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export interface AccountRow {
  id: number;
  username: string;
  name: string;
  department: string;
  roleId: number;
  companyId: number | null;
  companyName: string | null;
  trial: boolean;
  expiresAt: Date | null;
  defaultProjectId: number | null;
  resetByAdmin: boolean;
  createdAt: Date;
}
export interface MembershipRow {
  userId: number;
  projectId: number;
  code: string;
  title: string;
  companyId: number | null;
  permissions: number[];
  isManager: boolean;
}
export interface UserFilter {
  companyId?: number;
  roleId?: number;
}
export interface NewAccount {
  username: string;
  passwordHash: string;
  name: string;
  department: string;
  roleId: RoleId;
  companyId: number | null;
  trial: boolean;
  expiresAt: string | null;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  department: users.department,
  roleId: users.roleId,
  companyId: users.companyId,
  companyName: companies.name,
  trial: users.trial,
  expiresAt: users.expiresAt,
  defaultProjectId: users.defaultProjectId,
  resetByAdmin: users.resetByAdmin,
  createdAt: users.createdAt,
};

export function userScopeFilter(scope: ListScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'company') return eq(users.companyId, scope.companyId);
  return sql`false`;
}

/** Trial expiry is a calendar date; stored as the end of that day (UTC) so the whole day is usable. */
export const expiryToTimestamp = (d: string | null) => (d ? new Date(`${d}T23:59:59.999Z`) : null);

export class AccountRepository {
  constructor(private readonly db: Executor) {}

  async list(scope: ListScope, q: ListQuery, f: UserFilter): Promise<{ rows: AccountRow[]; total: number }> {
    const where = and(
      userScopeFilter(scope),
      f.companyId ? eq(users.companyId, f.companyId) : undefined,
      f.roleId ? eq(users.roleId, f.roleId) : undefined,
      textSearch(q.q, [users.username, users.name, users.department]),
    );
    const sorts = {
      username: users.username,
      name: users.name,
      department: users.department,
      roleId: users.roleId,
      createdAt: users.createdAt,
      company: companies.name,
    };
    const order = orderFor(q, sorts, 'createdAt', users.id, 'desc');
    return listPage(this.db, this.withCompany().$dynamic(), users, where, order, q);
  }

  async findById(id: number): Promise<AccountRow | undefined> {
    const [row] = await this.withCompany().where(eq(users.id, id));
    return row;
  }

  /** Accounts with their company's name (accounts without a company kept). */
  private withCompany() {
    return this.db.select(accountColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId));
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username));
    return row;
  }

  /** IDs are compared regardless of case, so 'Kim' and 'kim' cannot both be registered. */
  async usernameTaken(username: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return !!row;
  }

  async memberships(userIds: number[]): Promise<MembershipRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        userId: projectMembers.userId,
        projectId: projects.id,
        code: projects.code,
        title: projects.title,
        companyId: projects.companyId,
        permissions: projectMembers.permissions,
        isManager: projectMembers.isManager,
      })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(inArray(projectMembers.userId, userIds))
      .orderBy(asc(projects.code));
  }

  async projectCompanies(projectIds: number[]): Promise<Map<number, number | null>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: projects.id, companyId: projects.companyId })
      .from(projects)
      .where(inArray(projects.id, projectIds));
    return new Map(rows.map((r) => [r.id, r.companyId]));
  }

  async companyExists(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    return !!row;
  }

  async insert(a: NewAccount): Promise<number> {
    const [row] = await this.db
      .insert(users)
      .values({
        username: a.username,
        passwordHash: a.passwordHash,
        name: a.name,
        department: a.department,
        roleId: a.roleId,
        companyId: a.companyId,
        trial: a.trial,
        expiresAt: expiryToTimestamp(a.expiresAt),
      })
      .returning({ id: users.id });
    return row!.id;
  }

  async update(
    id: number,
    a: Omit<NewAccount, 'username' | 'passwordHash'> & { passwordHash?: string },
  ): Promise<void> {
    await this.db
      .update(users)
      .set({
        name: a.name,
        department: a.department,
        roleId: a.roleId,
        companyId: a.companyId,
        trial: a.trial,
        expiresAt: expiryToTimestamp(a.expiresAt),
        updatedAt: sql`now()`,
        // An admin-chosen password is the user's password now; no forced change (that is the reset flow).
        ...(a.passwordHash
          ? { passwordHash: a.passwordHash, passwordChangedAt: sql`now()`, resetByAdmin: false }
          : {}),
      })
      .where(eq(users.id, id));
  }

  /** Sets a temporary password and the forced-change flag; clears a lockout. */
  async setTemporaryPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({
        passwordHash,
        resetByAdmin: true,
        passwordChangedAt: sql`now()`,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
  }

  /** Ends every session of the user (refresh tokens); their access tokens are refused at once. */
  async revokeSessions(id: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, id), sql`${refreshTokens.revokedAt} IS NULL`));
    invalidateSessionCache(this.db);
  }

  /** After a move to another company: memberships (and the default) outside it no longer apply. */
  async dropMembershipsOutside(userId: number, companyId: number | null): Promise<void> {
    const outside = sql`(SELECT id FROM projects WHERE company_id IS DISTINCT FROM ${companyId})`;
    await this.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, outside)));
    await this.db
      .update(users)
      .set({ defaultProjectId: null })
      .where(and(eq(users.id, userId), inArray(users.defaultProjectId, outside)));
  }

  async setDefaultProject(id: number, projectId: number | null): Promise<void> {
    await this.db
      .update(users)
      .set({ defaultProjectId: projectId, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async addMembership(
    projectId: number,
    userId: number,
    permissions: ProjectPermissionId[],
    isManager = false,
  ): Promise<void> {
    await this.db.insert(projectMembers).values({ projectId, userId, permissions, isManager });
  }

  async membership(projectId: number, userId: number) {
    const [row] = await this.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    return row;
  }
}
