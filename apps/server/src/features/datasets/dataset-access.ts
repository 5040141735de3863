// Project access for dataset calls: 404 when the caller cannot see the project, 403 when it can but
// lacks the training permission (SPEC §6: permission 1 is needed for /train).
import { can, type Action, type Actor } from '@sightline/domain';
import { AppError } from '../../http/app-error';
import type { Db } from '@sightline/db';
import { ProjectRepository, type ProjectFacts } from '../project/project.repository';

export class DatasetAccess {
  private readonly projects: ProjectRepository;

  constructor(db: Db) {
    this.projects = new ProjectRepository(db);
  }

  async require(actor: Actor, projectId: number, action: Action = 'project.train'): Promise<ProjectFacts> {
    const facts = await this.projects.facts(projectId);
    if (!facts || !can(actor, 'project.read', facts)) throw AppError.notFound('project_id');
    if (!can(actor, action, facts)) throw AppError.forbidden();
    return facts;
  }

  /** True when the actor administers the project (company admin, project manager, roles 1–2). */
  async isProjectAdmin(actor: Actor, projectId: number): Promise<boolean> {
    const facts = await this.projects.facts(projectId);
    return !!facts && can(actor, 'project.manageMembers', facts);
  }
}
