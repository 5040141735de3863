// Builds the dashboard feature from the counts it reads and the latest history rows.
import type { AppDeps } from '../../app-deps';
import { HistoryRepository } from '../history/history.repository';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

export function createDashboardServices(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return { dashboard: new DashboardService(new DashboardRepository(db), new HistoryRepository(db)) };
}
