// Builds the jobs feature: the shared JobService (@sightline/jobs) and the server's access rule.
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { ProjectRepository } from '../projects/project.repository';
import { JobAccess } from './job-access';

export interface JobServices {
  jobs: JobService;
  access: JobAccess;
}

export function createJobServices(deps: AppDeps): JobServices {
  const jobs = new JobService(deps.database, deps.queue);
  const projects = new ProjectRepository(deps.database.db);
  return { jobs, access: new JobAccess(jobs, async (actor) => (await projects.listVisible(actor)).map((p) => p.id)) };
}
