// Builds the project feature: the caller's visible projects (/api/projects) and the admin/my project
// management route group (ProjectAdminService), over the one ProjectRepository.
import type { AppDeps } from '../../app-deps';
import { ProjectAdminService } from './project-admin.service';
import { ProjectRepository } from './project.repository';
import { ProjectService } from './project.service';

export function createProjectServices(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return { projects: new ProjectService(new ProjectRepository(db)), admin: new ProjectAdminService(db) };
}
