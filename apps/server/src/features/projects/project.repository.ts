// Project queries for the session endpoints: which projects an actor sees, with company and lines.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { listScope, type Actor } from '@sightline/domain';
import type { Db } from '@sightline/db';
import { companies, lines, projects, type LineRow } from '@sightline/db';
import { projectScopeFilter } from '../project/project.repository';

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
