// /admin/history: every recorded change, filtered by entity, action text and period; newest first.
import { useTranslation } from 'react-i18next';
import { type HistoryItem } from '@sightline/domain';
import { useHistory } from '../api/history';
import { historyAction, historyActor, historyEntity, historyTarget } from '../utils/history-text';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { formatDateTime } from '../../../utils/format';

const ENTITY_TYPES = [
  'company',
  'project',
  'line',
  'user',
  'participant',
  'manager',
  'resetRequest',
  'algorithm',
];

export default function HistoryPage() {
  const { t } = useTranslation('admin');

  const columns: Column<HistoryItem>[] = [
    { key: 'at', header: t('history.at'), sortKey: 'at', width: 160, render: (h) => formatDateTime(h.at) },
    { key: 'actor', header: t('history.actor'), render: (h) => historyActor(h, t) },
    { key: 'action', header: t('history.action'), render: (h) => historyAction(h, t) },
    { key: 'entity', header: t('history.entity'), render: (h) => historyEntity(h.entityType, t) },
    { key: 'target', header: t('history.target'), render: (h) => historyTarget(h, t) },
  ];

  return (
    <ListPage
      title={t('history.title')}
      testId="admin-history"
      back={{ to: '/admin', label: t('dashboard.title') }}
      filters={[
        {
          key: 'q',
          kind: 'text',
          label: t('history.search'),
          placeholder: t('history.searchPlaceholder'),
          width: 220,
        },
        {
          key: 'entityType',
          kind: 'select',
          label: t('history.entity'),
          width: 170,
          data: ENTITY_TYPES.map((e) => ({ value: e, label: historyEntity(e, t) })),
        },
        { key: 'from', kind: 'date', label: t('history.from'), width: 150 },
        { key: 'to', kind: 'date', label: t('history.to'), width: 150 },
      ]}
      defaultSort="at"
      usePage={useHistory}
      columns={columns}
      rowKey={(h) => h.id}
      emptyText={t('history.empty')}
    />
  );
}
