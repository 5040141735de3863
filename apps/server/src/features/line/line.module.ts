// Builds the line feature's service (it opens its own transactions, so it takes the db handle).
import type { AppDeps } from '../../app-deps';
import { LineService } from './line.service';

export function createLineServices(deps: Pick<AppDeps, 'database'>) {
  return { lines: new LineService(deps.database.db) };
}
