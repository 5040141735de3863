// Human-readable history entries: translated action and entity names plus the changed row's label.
import type { TFunction } from 'i18next';
import { maskName, type HistoryItem } from '@sightline/domain';

const PERSON_TYPES = new Set(['user', 'participant', 'manager', 'resetRequest']);

/** The name, code or ID the changed row is best known by (after the change, else before it). */
export function historyTarget(item: HistoryItem, t?: TFunction): string {
  for (const snap of [item.after, item.before]) {
    if (snap && typeof snap === 'object') {
      const s = snap as Record<string, unknown>;
      for (const k of ['title', 'code', 'username', 'name']) {
        const v = s[k];
        // People's names are masked everywhere in lists; other labels are shown as they are.
        if (typeof v === 'string' && v)
          return k === 'name' && PERSON_TYPES.has(item.entityType) ? maskName(v) : v;
        if (v && typeof v === 'object' && 'ko' in v) return String((v as { ko: string }).ko);
      }
    }
  }
  // Memberships are keyed 'projectId:userId' and logged without names.
  const member = /^(\d+):(\d+)$/.exec(item.entityId ?? '');
  if (member && t) return t('history.memberRef', { projectId: member[1], userId: member[2] });
  return item.entityId ? `#${item.entityId}` : '';
}

export function historyActor(item: HistoryItem, t: TFunction): string {
  return item.actor ? `${maskName(item.actor.name)} (${item.actor.username})` : t('history.system');
}

export function historyAction(item: HistoryItem, t: TFunction): string {
  return t(`history.actions.${item.action.replace(/\./g, '_')}`, { defaultValue: item.action });
}

export function historyEntity(type: string, t: TFunction): string {
  return t(`history.entities.${type}`, { defaultValue: type });
}
