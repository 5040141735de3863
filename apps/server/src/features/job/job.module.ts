// Builds the jobs feature: the shared JobService (@sightline/jobs) and the server's access rule.
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { ProjectAccess } from '../../common/project-access';
import { JobAccess } from './job-access';

export interface JobServices {
  jobs: JobService;
  access: JobAccess;
}

export function createJobServices(deps: AppDeps): JobServices {
  const jobs = new JobService(deps.database, deps.queue);
  return { jobs, access: new JobAccess(jobs, new ProjectAccess(deps.database.db)) };
}
