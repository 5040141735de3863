// Project queries for the session endpoints: which projects an actor sees, with company and lines.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { Role, type Actor } from '@sightline/domain';
import type { Db } from '../../db/client';
import { companies, lines, projectMembers, projects, type LineRow } from '../../db/schema';

export interface ProjectWithLines {
  id: number;
  code: string;
  title: string;
  endDate: string | null;
  company: { id: number; name: string } | null;
  lines: LineRow[];
}

export class ProjectRepository {
  constructor(private readonly db: Db) {}

  /** Roles 1/2 see every project, role 3 its company's, roles 4/5 those they are members of. */
  visibilityFilter(actor: Actor): SQL | undefined {
    if (actor.roleId <= Role.ServiceAdmin) return undefined;
    if (actor.roleId === Role.CompanyAdmin) return eq(projects.companyId, actor.companyId ?? -1);
    return inArray(
      projects.id,
      this.db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, actor.id)),
    );
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

  async findById(id: number) {
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
