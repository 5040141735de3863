// Accounts in the admin and my areas (/admin/user, /my/user): scoped list, detail, ID duplicate check,
// create with first project memberships, edit, and the default project (per user or administrator).
import {
  Role,
  TenancyErrorCode,
  can,
  listScope,
  type CheckAnswer,
  type ListQuery,
  type PageOf,
  type RoleId,
  type UserCreate,
  type UserRecord,
  type UserUpdate,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { hashPassword } from '../auth/password-hasher';
import { recordAudit } from '../history/audit';
import { requireProjectAccess } from '../../common/project-access';
import { requireCan, requireOnVisible, type Caller } from '../../common/access';
import { mapUniqueViolation } from '../../common/unique-violation';
import { inTransaction, type Executor } from '../../common/tx';
import { accountSnapshot, mapUser, userFacts } from './user.mapper';
import { AccountRepository, type AccountRow, type UserFilter } from './account.repository';
import { usernameAvailability } from './username-check';

/** Company admins and users belong to a company; system and service admins may not. */
function requireCompanyFor(roleId: RoleId, companyId: number | null): void {
  if (roleId >= Role.CompanyAdmin && companyId === null)
    throw AppError.validation('companyId', TenancyErrorCode.FieldRequired);
}

export class UserAdminService {
  private readonly accounts: AccountRepository;
  constructor(private readonly db: Db) {
    this.accounts = new AccountRepository(db);
  }

  async list(actor: Caller, q: ListQuery, f: UserFilter): Promise<PageOf<UserRecord>> {
    requireCan(actor, 'user.list');
    const { rows, total } = await this.accounts.list(listScope(actor, 'user'), q, f);
    const memberships = await this.accounts.memberships(rows.map((r) => r.id));
    return { data: rows.map((r) => mapUser(r, memberships, { mask: true })), total };
  }

  /** Loads an account the caller may see (404 otherwise) and may perform `action` on (403 otherwise). */
  private async target(
    db: Executor,
    actor: Caller,
    id: number,
    action: 'user.read' | 'user.update' | 'user.setDefaultProject',
  ): Promise<AccountRow> {
    const row = await new AccountRepository(db).findById(id);
    if (!row) throw AppError.notFound('id');
    requireOnVisible(actor, 'user.read', action, userFacts(row), 'id');
    return row;
  }

  async get(actor: Caller, id: number): Promise<UserRecord> {
    const row = await this.target(this.db, actor, id, 'user.read');
    return mapUser(row, await this.accounts.memberships([id]), { mask: false });
  }

  /** Duplicate check; with projectId a project manager may use it for the new-participant form. */
  async checkUsername(actor: Caller, username: string, projectId?: number): Promise<CheckAnswer> {
    if (projectId) await requireProjectAccess(this.db, actor, projectId, 'project.manageMembers');
    else requireCan(actor, 'user.list');
    return usernameAvailability(this.accounts, username);
  }

  async create(actor: Caller, input: UserCreate): Promise<UserRecord> {
    requireCan(actor, 'user.create', { companyId: input.companyId, roleId: input.roleId });
    requireCompanyFor(input.roleId, input.companyId);
    const passwordHash = await hashPassword(input.password);
    const id = await inTransaction(this.db, AccountRepository, async (repo, tx) => {
      if (input.companyId !== null && !(await repo.companyExists(input.companyId)))
        throw AppError.notFound('companyId');
      if (await repo.usernameTaken(input.username))
        throw AppError.conflict('username', TenancyErrorCode.UsernameTaken);
      await this.checkProjects(repo, input);
      const newId = await repo
        .insert({ ...input, passwordHash, trial: input.isTrial })
        .catch((e) =>
          mapUniqueViolation(
            e,
            ['users_username_ci_idx', 'users_username_key'],
            TenancyErrorCode.UsernameTaken,
            'username',
          ),
        );
      for (const p of input.projects) await repo.addMembership(p.projectId, newId, p.permissions);
      if (input.defaultProjectId) await repo.setDefaultProject(newId, input.defaultProjectId);
      const { password: _secret, ...logged } = input;
      await recordAudit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: newId,
        companyId: input.companyId,
        after: logged,
      });
      return newId;
    });
    return this.get(actor, id);
  }

  /** First memberships must be projects of the account's company; the default must be one of them. */
  private async checkProjects(repo: AccountRepository, input: UserCreate): Promise<void> {
    const ids = input.projects.map((p) => p.projectId);
    const companies = await repo.projectCompanies(ids);
    for (const [i, pid] of ids.entries()) {
      const company = companies.get(pid);
      const crossTenant = input.roleId <= Role.ServiceAdmin;
      if (company === undefined || (!crossTenant && company !== input.companyId))
        throw AppError.notFound(`projects.${i}.projectId`);
    }
    if (input.defaultProjectId && !ids.includes(input.defaultProjectId)) {
      throw AppError.validation('defaultProjectId', TenancyErrorCode.NotParticipant);
    }
  }

  async update(actor: Caller, id: number, input: UserUpdate): Promise<UserRecord> {
    // The caller must be allowed both on the account as it is and on what it would become.
    requireCompanyFor(input.roleId, input.companyId);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    await inTransaction(this.db, AccountRepository, async (repo, tx) => {
      const before = await this.target(tx, actor, id, 'user.update');
      requireCan(actor, 'user.update', { userId: id, companyId: input.companyId, roleId: input.roleId });
      if (input.companyId !== null && !(await repo.companyExists(input.companyId)))
        throw AppError.notFound('companyId');
      await repo.update(id, { ...input, trial: input.isTrial, passwordHash });
      if (input.roleId >= Role.CompanyAdmin && input.companyId !== before.companyId) {
        await repo.dropMembershipsOutside(id, input.companyId);
      }
      const after = (await repo.findById(id))!;
      await recordAudit(tx, actor, {
        action: input.password ? 'user.update+password' : 'user.update',
        entityType: 'user',
        entityId: id,
        companyId: after.companyId,
        before: accountSnapshot(before),
        after: accountSnapshot(after),
      });
    });
    return this.get(actor, id);
  }

  /**
   * The project opened at login. A participant picks among its projects; admins (roles 1–2 anywhere,
   * a company admin within its company) also among projects they oversee without being members.
   */
  async setDefaultProject(actor: Caller, id: number, projectId: number | null): Promise<UserRecord> {
    await inTransaction(this.db, AccountRepository, async (repo, tx) => {
      const target = await this.target(tx, actor, id, 'user.setDefaultProject');
      if (projectId !== null) {
        const company = (await repo.projectCompanies([projectId])).get(projectId);
        const member = await repo.membership(projectId, id);
        const oversees =
          target.roleId <= Role.ServiceAdmin ||
          (target.roleId === Role.CompanyAdmin && company !== undefined && company === target.companyId);
        if (company === undefined || (!member && !oversees))
          throw AppError.validation('projectId', TenancyErrorCode.NotParticipant);
      }
      await repo.setDefaultProject(id, projectId);
      await recordAudit(tx, actor, {
        action: 'user.defaultProject',
        entityType: 'user',
        entityId: id,
        companyId: target.companyId,
        before: { defaultProjectId: target.defaultProjectId },
        after: { defaultProjectId: projectId },
      });
    });
    return this.get(actor, id);
  }

  /** Whether the caller may reset this account's password (for reset requests). */
  static mayReset(actor: Caller, u: AccountRow): boolean {
    return can(actor, 'user.resetPassword', userFacts(u));
  }
}
