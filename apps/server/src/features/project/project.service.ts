// Projects as the signed-in user sees them, and the usage limit check (SPEC §4 project selection).
import type { Actor, UserProject } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { mapUserProject } from './project.mapper';
import type { ProjectRepository } from './project.repository';

export class ProjectService {
  constructor(private readonly projects: ProjectRepository) {}

  async listVisible(actor: Actor): Promise<UserProject[]> {
    return (await this.projects.listVisible(actor)).map((p) => mapUserProject(p, actor));
  }

  /** {end_date} when the project has a usage end date, null when unlimited. 404 when not visible. */
  async limit(actor: Actor, projectId: number): Promise<{ end_date: string } | null> {
    const p = await this.projects.findVisible(actor, projectId);
    if (!p) throw AppError.notFound('id');
    return p.endDate ? { end_date: p.endDate } : null;
  }
}
