// Rows → API shapes for projects and lines (never send DB rows, STYLE.md §3).
import { PROJECT_PERMISSION_IDS, Role, type Actor, type Line, type UserProject } from '@sightline/domain';
import type { LineRow } from '@sightline/db';
import type { ProjectWithLines } from './project.repository';

export const mapLine = (l: LineRow): Line => ({
  id: l.id,
  code: l.code,
  name: l.name,
  product_name: l.productName,
  process_name: l.processName,
});

/** What the actor may do in a project: managers (roles 1–3) hold every permission. */
export function permissionsIn(actor: Actor, projectId: number): number[] {
  if (actor.roleId <= Role.CompanyAdmin) return [...PROJECT_PERMISSION_IDS];
  return [...(actor.projectPermissions[projectId] ?? [])].sort();
}

export const mapUserProject = (p: ProjectWithLines, actor: Actor): UserProject => ({
  id: p.id,
  code: p.code,
  title: p.title,
  company: p.company,
  end_date: p.endDate,
  lines: p.lines.map(mapLine),
  permissions: permissionsIn(actor, p.id),
});
