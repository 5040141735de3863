// /admin dashboard: live counts and the latest administrative changes (policy dashboard.read).
import type { Dashboard } from '@sightline/domain';
import { mapHistory } from '../history/history.mapper';
import type { HistoryRepository } from '../history/history.repository';
import { requireCan, type Caller } from '../../common/access';
import type { DashboardRepository } from './dashboard.repository';

export const RECENT_ACTIVITY = 10;

export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly history: HistoryRepository,
  ) {}

  async get(actor: Caller): Promise<Dashboard> {
    requireCan(actor, 'dashboard.read');
    const [counts, recent] = await Promise.all([
      this.dashboard.counts(),
      this.history.recent(RECENT_ACTIVITY),
    ]);
    return { counts, recent: recent.map(mapHistory) };
  }
}
