// The one project check every project-scoped route goes through (via its service): 404 when the
// caller may not see the project (its existence is not revealed), 403 when it may see it but the
// policy (packages/domain access/policy.ts) refuses `action`. Runs on the pool or inside a transaction.
import { eq, sql } from 'drizzle-orm';
import { can, type Action, type Actor } from '@sightline/domain';
import { projectMembers, projects } from '@sightline/db';
import { AppError } from './app-error';
import { requireOnVisible } from './access';
import type { Executor } from './tx';

/** What the policy decides a project action on. */
export interface ProjectFacts {
  projectId: number;
  companyId: number | null;
  managerIds: number[];
  code: string;
}

export async function loadProjectFacts(db: Executor, id: number): Promise<ProjectFacts | undefined> {
  // One round trip: this runs on every project-scoped request.
  const [p] = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      code: projects.code,
      managerIds: sql<number[]>`ARRAY(SELECT m.user_id FROM ${projectMembers} m
        WHERE m.project_id = ${projects.id} AND m.is_manager ORDER BY m.user_id)`,
    })
    .from(projects)
    .where(eq(projects.id, id));
  if (!p) return undefined;
  return { projectId: p.id, companyId: p.companyId, code: p.code, managerIds: p.managerIds.map(Number) };
}

/** The project's facts, or 404 (on `field`) / 403 as the policy says. */
export async function requireProjectAccess(
  db: Executor,
  actor: Actor,
  projectId: number,
  action: Action,
  field = 'projectId',
): Promise<ProjectFacts> {
  const facts = await loadProjectFacts(db, projectId);
  if (!facts) throw AppError.notFound(field);
  requireOnVisible(actor, 'project.read', action, facts, field);
  return facts;
}

/** The same check for services that hold no db handle: a feature's defaults (action, error field) bound once. */
export class ProjectAccess {
  constructor(
    private readonly db: Executor,
    private readonly defaults: { action: Action; field: string } = {
      action: 'project.read',
      field: 'projectId',
    },
  ) {}

  require(
    actor: Actor,
    projectId: number,
    action: Action = this.defaults.action,
    field = this.defaults.field,
  ) {
    return requireProjectAccess(this.db, actor, projectId, action, field);
  }

  /** True when the project exists and the policy allows `action` (no error thrown). */
  async can(actor: Actor, projectId: number, action: Action): Promise<boolean> {
    const facts = await loadProjectFacts(this.db, projectId);
    return !!facts && can(actor, action, facts);
  }
}
