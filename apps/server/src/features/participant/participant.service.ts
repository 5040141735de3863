// Project participants and administrators (SPEC §6): the project admin and the company admin add new
// or existing participants, edit their permissions (at least one) and remove them; administrators of
// the project are registered by admins (roles 1–3) among eligible accounts only.
import {
  Role,
  TenancyErrorCode,
  isManagerEligible,
  maskName,
  type ListQuery,
  type PageOf,
  type Participant,
  type ParticipantAdd,
  type PersonRef,
  type ProjectPermissionId,
  type RoleId,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import { hashPassword } from '../auth/password-hasher';
import { recordAudit } from '../history/audit';
import { requireProjectAccess } from '../../common/project-access';
import type { ProjectFacts } from '../project/project.repository';
import type { Caller } from '../../common/access';
import { mapUniqueViolation } from '../../common/unique-violation';
import { AccountRepository } from '../user/account.repository';
import { ParticipantRepository, type ParticipantRow, type PersonRow } from './participant.repository';

export const mapParticipant = (p: ParticipantRow): Participant => ({
  id: p.id,
  username: p.username,
  name: maskName(p.name),
  department: p.department,
  roleId: p.roleId,
  permissions: p.permissions,
  isManager: p.isManager,
  joinedAt: p.joinedAt.toISOString(),
});
const mapPerson = (p: PersonRow): PersonRef & { roleId: number } => ({
  id: p.id,
  username: p.username,
  name: maskName(p.name),
  department: p.department,
  roleId: p.roleId,
});
const ALL_PERMISSIONS: ProjectPermissionId[] = [1, 2];

export class ParticipantService {
  private readonly members: ParticipantRepository;
  constructor(private readonly db: Db) {
    this.members = new ParticipantRepository(db);
  }

  async list(
    actor: Caller,
    projectId: number,
    q: ListQuery,
    managersOnly = false,
  ): Promise<PageOf<Participant>> {
    await requireProjectAccess(this.db, actor, projectId, 'project.read');
    const { rows, total } = await this.members.list(projectId, q, managersOnly);
    return { data: rows.map(mapParticipant), total };
  }

  async participantCandidates(actor: Caller, projectId: number, q: ListQuery) {
    const p = await requireProjectAccess(this.db, actor, projectId, 'project.manageMembers');
    const { rows, total } = await this.members.participantCandidates(projectId, p.companyId, q);
    return { data: rows.map(mapPerson), total };
  }

  async managerCandidates(actor: Caller, projectId: number, q: ListQuery) {
    const p = await requireProjectAccess(this.db, actor, projectId, 'project.update');
    const { rows, total } = await this.members.managerCandidates(projectId, p.companyId, q);
    return { data: rows.map(mapPerson), total };
  }

  /** An existing account of the project's company, or a new one created in that company. */
  async add(actor: Caller, projectId: number, input: ParticipantAdd): Promise<Participant> {
    const passwordHash = input.mode === 'new' ? await hashPassword(input.user.password) : '';
    return inTransaction(this.db, ParticipantRepository, async (repo, tx) => {
      const p = await requireProjectAccess(tx, actor, projectId, 'project.manageMembers');
      let userId: number;
      if (input.mode === 'existing') {
        const person = await repo.person(input.userId);
        if (!person || !this.mayJoin(person, p)) throw AppError.notFound('userId');
        if (await repo.find(projectId, person.id))
          throw AppError.conflict('userId', TenancyErrorCode.AlreadyParticipant);
        userId = person.id;
      } else {
        const accounts = new AccountRepository(tx);
        if (await accounts.usernameTaken(input.user.username))
          throw AppError.conflict('user.username', TenancyErrorCode.UsernameTaken);
        userId = await accounts
          .insert({
            ...input.user,
            passwordHash,
            roleId: input.user.roleId as RoleId,
            companyId: p.companyId,
            trial: input.user.isTrial,
          })
          .catch((e) =>
            mapUniqueViolation(
              e,
              ['users_username_ci_idx', 'users_username_key'],
              TenancyErrorCode.UsernameTaken,
              'user.username',
            ),
          );
        const { password: _secret, ...logged } = input.user;
        await recordAudit(tx, actor, {
          action: 'user.create',
          entityType: 'user',
          entityId: userId,
          companyId: p.companyId,
          after: { ...logged, companyId: p.companyId },
        });
      }
      await repo.add(projectId, userId, input.permissions);
      await recordAudit(tx, actor, {
        action: 'participant.add',
        entityType: 'participant',
        entityId: `${projectId}:${userId}`,
        companyId: p.companyId,
        after: { projectId, userId, permissions: input.permissions },
      });
      return mapParticipant((await repo.find(projectId, userId))!);
    });
  }

  /** Roles 2 join any project; everyone else only projects of their own company. */
  private mayJoin(person: PersonRow, p: ProjectFacts): boolean {
    if (person.roleId === Role.SystemAdmin) return false;
    return (
      person.roleId === Role.ServiceAdmin || (person.companyId !== null && person.companyId === p.companyId)
    );
  }

  async setPermissions(
    actor: Caller,
    projectId: number,
    userId: number,
    permissions: ProjectPermissionId[],
  ): Promise<Participant> {
    return inTransaction(this.db, ParticipantRepository, async (repo, tx) => {
      const p = await requireProjectAccess(tx, actor, projectId, 'project.manageMembers');
      const before = await repo.find(projectId, userId);
      if (!before) throw new AppError(TenancyErrorCode.NotParticipant, 404, {}, 'userId');
      await repo.setPermissions(projectId, userId, permissions);
      await recordAudit(tx, actor, {
        action: 'participant.permissions',
        entityType: 'participant',
        entityId: `${projectId}:${userId}`,
        companyId: p.companyId,
        before: { permissions: before.permissions },
        after: { permissions },
      });
      return mapParticipant((await repo.find(projectId, userId))!);
    });
  }

  async remove(actor: Caller, projectId: number, userId: number): Promise<{ id: number }> {
    return inTransaction(this.db, ParticipantRepository, async (repo, tx) => {
      const p = await requireProjectAccess(tx, actor, projectId, 'project.manageMembers');
      const before = await repo.find(projectId, userId);
      if (!before) throw new AppError(TenancyErrorCode.NotParticipant, 404, {}, 'userId');
      await repo.remove(projectId, userId);
      await recordAudit(tx, actor, {
        action: 'participant.remove',
        entityType: 'participant',
        entityId: `${projectId}:${userId}`,
        companyId: p.companyId,
        before: { projectId, userId, permissions: before.permissions, isManager: before.isManager },
      });
      return { id: userId };
    });
  }

  /** Registers a project administrator; a non-participant joins with every permission. */
  async addManager(actor: Caller, projectId: number, userId: number): Promise<Participant> {
    return inTransaction(this.db, ParticipantRepository, async (repo, tx) => {
      const p = await requireProjectAccess(tx, actor, projectId, 'project.update');
      const person = await repo.person(userId);
      if (!person) throw AppError.notFound('userId');
      if (
        !isManagerEligible(
          { roleId: person.roleId as RoleId, companyId: person.companyId },
          p.companyId ?? -1,
        )
      ) {
        throw AppError.validation('userId', TenancyErrorCode.NotAdminEligible);
      }
      const existing = await repo.find(projectId, userId);
      if (existing?.isManager) throw AppError.conflict('userId', TenancyErrorCode.AlreadyParticipant);
      if (existing) await repo.setManager(projectId, userId, true);
      else await repo.add(projectId, userId, ALL_PERMISSIONS, true);
      await recordAudit(tx, actor, {
        action: 'manager.add',
        entityType: 'manager',
        entityId: `${projectId}:${userId}`,
        companyId: p.companyId,
        before: existing ? { isManager: false } : null,
        after: { projectId, userId, isManager: true },
      });
      return mapParticipant((await repo.find(projectId, userId))!);
    });
  }

  async removeManager(actor: Caller, projectId: number, userId: number): Promise<{ id: number }> {
    return inTransaction(this.db, ParticipantRepository, async (repo, tx) => {
      const p = await requireProjectAccess(tx, actor, projectId, 'project.update');
      const before = await repo.find(projectId, userId);
      if (!before?.isManager) throw new AppError(TenancyErrorCode.NotParticipant, 404, {}, 'userId');
      await repo.setManager(projectId, userId, false);
      await recordAudit(tx, actor, {
        action: 'manager.remove',
        entityType: 'manager',
        entityId: `${projectId}:${userId}`,
        companyId: p.companyId,
        before: { isManager: true },
        after: { isManager: false },
      });
      return { id: userId };
    });
  }
}
