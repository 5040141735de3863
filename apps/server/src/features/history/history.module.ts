// Builds the history feature (use history of admin actions).
import type { AppDeps } from '../../app-deps';
import { HistoryRepository } from './history.repository';
import { HistoryService } from './history.service';

export function createHistoryServices(deps: Pick<AppDeps, 'database'>) {
  return { history: new HistoryService(new HistoryRepository(deps.database.db)) };
}
