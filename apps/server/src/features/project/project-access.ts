// Loads a project's policy facts and applies the policy: 404 when the caller may not see the project,
// 403 when it may see it but not perform `action`. Shared by project, line, participant services.
import type { Action, Actor } from '@sightline/domain';
import { AppError } from '../../http/app-error';
import { requireOnVisible } from '../tenancy/access';
import type { Executor } from '../tenancy/tx';
import { ProjectRepository, type ProjectFacts } from './project.repository';

export async function projectFor(
  db: Executor,
  actor: Actor,
  projectId: number,
  action: Action,
): Promise<ProjectFacts> {
  const facts = await new ProjectRepository(db).facts(projectId);
  if (!facts) throw AppError.notFound('projectId');
  requireOnVisible(actor, 'project.read', action, facts, 'projectId');
  return facts;
}
