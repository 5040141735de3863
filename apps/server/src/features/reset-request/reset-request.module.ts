// Builds the reset-request feature's service (it opens its own transactions, so it takes the db handle).
import type { AppDeps } from '../../app-deps';
import { ResetRequestService } from './reset-request.service';

export function createResetRequestServices(deps: Pick<AppDeps, 'database'>) {
  return { resetRequests: new ResetRequestService(deps.database.db) };
}
