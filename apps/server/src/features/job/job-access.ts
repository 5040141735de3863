// Who may read or cancel a job: its owner, managers (roles 1–2), and users who can see its project.
import { Role, type Actor } from '@sightline/domain';
import type { JobRow } from '@sightline/db';
import type { JobService } from '@sightline/jobs';
import { AppError } from '../../common/app-error';
import type { ProjectAccess } from '../../common/project-access';

export class JobAccess {
  constructor(
    private readonly jobs: Pick<JobService, 'getRow'>,
    private readonly projects: Pick<ProjectAccess, 'can'>,
  ) {}

  /** The job row, or 404 NOT_FOUND when the actor may not see it. */
  async getForActor(id: string, actor: Actor): Promise<JobRow> {
    const row = await this.jobs.getRow(id);
    if (row.userId === actor.id || actor.roleId <= Role.ServiceAdmin) return row;
    if (row.projectId !== null && (await this.projects.can(actor, row.projectId, 'project.read'))) return row;
    throw AppError.notFound('id');
  }
}
