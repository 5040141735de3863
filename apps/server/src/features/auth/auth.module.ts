// Builds the auth feature: login, refresh and logout over the user, session and rate-limit rows.
import type { AppDeps } from '../../app-deps';
import { UserRepository } from '../user/user.repository';
import { AuthService } from './auth.service';
import { RateLimitRepository } from './rate-limit.repository';
import { SessionRepository } from './session.repository';

export function createAuthServices(deps: Pick<AppDeps, 'database' | 'accountGuard' | 'tokens' | 'config'>) {
  const db = deps.database.db;
  return {
    auth: new AuthService(
      new UserRepository(db),
      new SessionRepository(db),
      new RateLimitRepository(db),
      deps.accountGuard,
      deps.tokens,
      deps.config.refreshTokenTtlDays,
    ),
  };
}
