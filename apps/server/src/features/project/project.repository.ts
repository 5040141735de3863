// The one project repository: what an actor sees (session endpoints, jobs), scoped admin/my lists with
// counts and managers, and the facts the access policy decides on.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  listScope,
  type Actor,
  type ListQuery,
  type ListScope,
  type ProjectCreate,
  type ProjectUpdate,
} from '@sightline/domain';
import { companies, lines, projectMembers, projects, users, type LineRow } from '@sightline/db';
import { listPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';
import { loadProjectFacts, type ProjectFacts } from '../../common/project-access';

const lineCount = sql<number>`(SELECT count(*)::int FROM lines l WHERE l.project_id = "projects"."id")`;
const participantCount = sql<number>`(SELECT count(*)::int FROM project_members m WHERE m.project_id = "projects"."id")`;

const projectColumns = {
  id: projects.id,
  code: projects.code,
  title: projects.title,
  description: projects.description,
  companyId: projects.companyId,
  companyName: companies.name,
  startDate: projects.startDate,
  endDate: projects.endDate,
  uploadLimit: projects.imageUploadLimit,
  learningLimit: projects.learningLimit,
  createdAt: projects.createdAt,
  lineCount,
  participantCount,
};
export interface ProjectRow {
  id: number;
  code: string;
  title: string;
  description: string;
  companyId: number | null;
  companyName: string | null;
  startDate: string | null;
  endDate: string | null;
  uploadLimit: number | null;
  learningLimit: number | null;
  createdAt: Date;
  lineCount: number;
  participantCount: number;
}
export interface ManagerRow {
  projectId: number;
  id: number;
  username: string;
  name: string;
  department: string;
}
/** What the policy needs to decide on a project. */
export type { ProjectFacts };

/** The row filter of a list scope (packages/domain listScope). */
export function projectScopeFilter(scope: ListScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(projects.companyId, scope.companyId);
    case 'member':
      return inArray(
        projects.id,
        sql`(SELECT project_id FROM project_members WHERE user_id = ${scope.userId})`,
      );
    case 'none':
      return sql`false`;
  }
}

export interface ProjectWithLines {
  id: number;
  code: string;
  title: string;
  endDate: string | null;
  company: { id: number; name: string } | null;
  lines: LineRow[];
}

export class ProjectRepository {
  constructor(private readonly db: Executor) {}

  async list(
    scope: ListScope,
    q: ListQuery,
    companyId?: number,
    memberId?: number,
  ): Promise<{ rows: ProjectRow[]; total: number }> {
    const where = and(
      projectScopeFilter(scope),
      companyId ? eq(projects.companyId, companyId) : undefined,
      memberId ? projectScopeFilter({ kind: 'member', userId: memberId }) : undefined,
      textSearch(q.q, [projects.code, projects.title]),
    );
    const sorts = {
      code: projects.code,
      title: projects.title,
      createdAt: projects.createdAt,
      endDate: projects.endDate,
      company: companies.name,
    };
    const order = orderFor(q, sorts, 'createdAt', projects.id, 'desc');
    return listPage(this.db, this.withCompany().$dynamic(), projects, where, order, q);
  }

  async findById(id: number): Promise<ProjectRow | undefined> {
    const [row] = await this.withCompany().where(eq(projects.id, id));
    return row;
  }

  /** Project rows with their company's name (companyless projects kept). */
  private withCompany() {
    return this.db
      .select(projectColumns)
      .from(projects)
      .leftJoin(companies, eq(companies.id, projects.companyId));
  }

  facts(id: number): Promise<ProjectFacts | undefined> {
    return loadProjectFacts(this.db, id);
  }

  async managersOf(projectIds: number[]): Promise<ManagerRow[]> {
    if (projectIds.length === 0) return [];
    return this.db
      .select({
        projectId: projectMembers.projectId,
        id: users.id,
        username: users.username,
        name: users.name,
        department: users.department,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(inArray(projectMembers.projectId, projectIds), eq(projectMembers.isManager, true)))
      .orderBy(asc(users.username));
  }

  /** Project codes are unique regardless of case, so 'LINE-A' and 'line-a' cannot both exist. */
  async codeTaken(code: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: projects.id })
      .from(projects)
      .where(sql`lower(${projects.code}) = lower(${code})`)
      .limit(1);
    return !!row;
  }

  async insert(p: ProjectCreate): Promise<number> {
    const [row] = await this.db
      .insert(projects)
      .values({
        code: p.code,
        companyId: p.companyId,
        title: p.title,
        description: p.description,
        startDate: p.startDate,
        endDate: p.endDate,
        imageUploadLimit: p.uploadLimit,
        learningLimit: p.learningLimit,
      })
      .returning({ id: projects.id });
    return row!.id;
  }

  async update(id: number, p: ProjectUpdate): Promise<void> {
    await this.db
      .update(projects)
      .set({
        title: p.title,
        description: p.description,
        startDate: p.startDate,
        endDate: p.endDate,
        imageUploadLimit: p.uploadLimit,
        learningLimit: p.learningLimit,
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, id));
  }

  async companyExists(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    return !!row;
  }

  /**
   * The projects an actor sees, decided by the domain policy's listScope (roles 1/2 all, role 3 its
   * company, others their memberships) so this list and the admin project list follow one rule.
   */
  visibilityFilter(actor: Actor): SQL | undefined {
    return projectScopeFilter(listScope(actor, 'project'));
  }

  /** The project list query (its SQL is snapshotted in queries/project.repository.sql). */
  listVisibleQuery(actor: Actor) {
    return this.db
      .select({
        id: projects.id,
        code: projects.code,
        title: projects.title,
        endDate: projects.endDate,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(projects)
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .where(this.visibilityFilter(actor))
      .orderBy(asc(projects.id));
  }

  async listVisible(actor: Actor): Promise<ProjectWithLines[]> {
    const rows = await this.listVisibleQuery(actor);
    const byProject = await this.linesOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      title: r.title,
      endDate: r.endDate,
      company: r.companyId === null ? null : { id: r.companyId, name: r.companyName ?? '' },
      lines: byProject.get(r.id) ?? [],
    }));
  }

  /** One project if the actor may see it (same rule as the list). */
  async findVisible(actor: Actor, id: number) {
    const [row] = await this.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), this.visibilityFilter(actor)));
    return row;
  }

  /** The plain project row (no company join). */
  async findRow(id: number) {
    return this.db.query.projects.findFirst({ where: eq(projects.id, id) });
  }

  async linesOf(projectIds: number[]): Promise<Map<number, LineRow[]>> {
    const map = new Map<number, LineRow[]>();
    if (projectIds.length === 0) return map;
    const rows = await this.db
      .select()
      .from(lines)
      .where(inArray(lines.projectId, projectIds))
      .orderBy(asc(lines.id));
    for (const l of rows) map.set(l.projectId, [...(map.get(l.projectId) ?? []), l]);
    return map;
  }
}
