// Participants and managers of a project (project_members), and the people who could be added.
import { and, count, eq, gte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Role, type ListQuery, type ProjectPermissionId } from '@sightline/domain';
import { projectMembers, users } from '@sightline/db';
import { listPage, onPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export interface ParticipantRow {
  id: number;
  username: string;
  name: string;
  department: string;
  roleId: number;
  companyId: number | null;
  permissions: number[];
  isManager: boolean;
  joinedAt: Date;
}
export interface PersonRow {
  id: number;
  username: string;
  name: string;
  department: string;
  roleId: number;
  companyId: number | null;
}

const personColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  department: users.department,
  roleId: users.roleId,
  companyId: users.companyId,
};
const participantColumns = {
  ...personColumns,
  permissions: projectMembers.permissions,
  isManager: projectMembers.isManager,
  joinedAt: projectMembers.createdAt,
};
/** The search box of every people list: ID, name and department. */
const personSearch = (q: string | undefined) => textSearch(q, [users.username, users.name, users.department]);
const personSorts = { username: users.username, name: users.name, department: users.department };
const membersOf = (projectId: number) =>
  sql`(SELECT user_id FROM project_members WHERE project_id = ${projectId})`;
const managersOf = (projectId: number) =>
  sql`(SELECT user_id FROM project_members WHERE project_id = ${projectId} AND is_manager)`;

export class ParticipantRepository {
  constructor(private readonly db: Executor) {}

  async list(
    projectId: number,
    q: ListQuery,
    managersOnly = false,
  ): Promise<{ rows: ParticipantRow[]; total: number }> {
    const where = and(
      eq(projectMembers.projectId, projectId),
      managersOnly ? eq(projectMembers.isManager, true) : undefined,
      personSearch(q.q),
    );
    const sorts = { ...personSorts, joinedAt: projectMembers.createdAt };
    const rows = await onPage(
      this.participants()
        .where(where)
        .orderBy(...orderFor(q, sorts, 'username', users.id))
        .$dynamic(),
      q,
    );
    const [t] = await this.db
      .select({ n: count() })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where);
    return { rows, total: t?.n ?? 0 };
  }

  async find(projectId: number, userId: number): Promise<ParticipantRow | undefined> {
    const [row] = await this.participants().where(
      and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)),
    );
    return row;
  }

  /** Members of projects with their account columns. */
  private participants() {
    return this.db
      .select(participantColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId));
  }

  private async people(where: SQL | undefined, q: ListQuery): Promise<{ rows: PersonRow[]; total: number }> {
    const full = and(where, personSearch(q.q));
    const order = orderFor(q, personSorts, 'username', users.id);
    return listPage(this.db, this.db.select(personColumns).from(users).$dynamic(), users, full, order, q);
  }

  /** Company admins and users of the project's company who do not take part yet. */
  participantCandidates(projectId: number, companyId: number | null, q: ListQuery) {
    return this.people(
      and(
        eq(users.companyId, companyId ?? -1),
        gte(users.roleId, Role.CompanyAdmin),
        notInArray(users.id, membersOf(projectId)),
      ),
      q,
    );
  }

  /** Accounts that may be registered as administrator (policy isManagerEligible) and are not yet. */
  managerCandidates(projectId: number, companyId: number | null, q: ListQuery) {
    return this.people(
      and(
        or(
          eq(users.roleId, Role.ServiceAdmin),
          and(
            eq(users.companyId, companyId ?? -1),
            sql`${users.roleId} IN (${Role.CompanyAdmin}, ${Role.User})`,
          ),
        ),
        notInArray(users.id, managersOf(projectId)),
      ),
      q,
    );
  }

  async person(userId: number): Promise<PersonRow | undefined> {
    const [row] = await this.db.select(personColumns).from(users).where(eq(users.id, userId));
    return row;
  }

  async add(
    projectId: number,
    userId: number,
    permissions: ProjectPermissionId[],
    isManager = false,
  ): Promise<void> {
    await this.db.insert(projectMembers).values({ projectId, userId, permissions, isManager });
  }

  async setPermissions(projectId: number, userId: number, permissions: ProjectPermissionId[]): Promise<void> {
    await this.db
      .update(projectMembers)
      .set({ permissions })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  }

  async setManager(projectId: number, userId: number, isManager: boolean): Promise<void> {
    await this.db
      .update(projectMembers)
      .set({ isManager })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  }

  /** Removes the membership and, if it was the user's default project, clears that too. */
  async remove(projectId: number, userId: number): Promise<void> {
    await this.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    await this.db
      .update(users)
      .set({ defaultProjectId: null })
      .where(and(eq(users.id, userId), eq(users.defaultProjectId, projectId)));
  }
}
