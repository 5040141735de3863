// /admin/history: the audit log, system admin only (policy history.read).
import type { Actor, HistoryItem, ListQuery, PageOf } from '@sightline/domain';
import { requireCan } from '../../common/access';
import { mapHistory } from './history.mapper';
import type { HistoryFilter, HistoryRepository } from './history.repository';

export class HistoryService {
  constructor(private readonly history: HistoryRepository) {}

  async list(actor: Actor, q: ListQuery, f: HistoryFilter): Promise<PageOf<HistoryItem>> {
    requireCan(actor, 'history.read');
    const { rows, total } = await this.history.list(q, f);
    return { data: rows.map(mapHistory), total };
  }
}
