// Maps audit rows to HistoryItem answers; actor names are masked for display.
import { maskName, type HistoryItem } from '@sightline/domain';
import type { HistoryRow } from './history.repository';

export function mapHistory(r: HistoryRow): HistoryItem {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    actor: r.actorId
      ? { id: r.actorId, username: r.actorUsername ?? '', name: maskName(r.actorName ?? '') }
      : null,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId ?? null,
    companyId: r.companyId ?? null,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}
