// Builds the user feature: the signed-in user's own account (/api/user/*) and the admin/my account
// management route group (UserAdminService).
import type { AppDeps } from '../../app-deps';
import { SessionRepository } from '../auth/session.repository';
import { ProjectRepository } from '../project/project.repository';
import { UserAdminService } from './user-admin.service';
import { UserRepository } from './user.repository';
import { UserService } from './user.service';

export function createUserServices(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    users: new UserService(db, new UserRepository(db), new ProjectRepository(db), new SessionRepository(db)),
    admin: new UserAdminService(db),
  };
}
