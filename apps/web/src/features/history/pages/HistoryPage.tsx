// /admin/history: every recorded change, filtered by entity, action text and period; newest first.
import { Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { type HistoryItem } from '@sightline/domain';
import { useHistory } from '../api/history';
import { FilterBar } from '../../../components/list/FilterBar';
import { historyAction, historyActor, historyEntity, historyTarget } from '../utils/history-text';
import { PageFrame } from '../../../components/PageFrame';
import { ListTable } from '../../../components/list/ListTable';
import type { Column } from '../../../components/list/ServerTable';
import { useListQuery } from '../../../hooks/useListQuery';
import { fromDateValue, toDateValue } from '../../../utils/dates';
import { formatDateTime } from '../../../utils/format';

const FILTERS = ['q', 'entityType', 'from', 'to'] as const;
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
  const { list, data, isLoading } = useListQuery(FILTERS, 'at', useHistory);

  const columns: Column<HistoryItem>[] = [
    { key: 'at', header: t('history.at'), sortKey: 'at', width: 160, render: (h) => formatDateTime(h.at) },
    { key: 'actor', header: t('history.actor'), render: (h) => historyActor(h, t) },
    { key: 'action', header: t('history.action'), render: (h) => historyAction(h, t) },
    { key: 'entity', header: t('history.entity'), render: (h) => historyEntity(h.entityType, t) },
    { key: 'target', header: t('history.target'), render: (h) => historyTarget(h, t) },
  ];

  return (
    <PageFrame
      title={t('history.title')}
      testId="admin-history"
      back={{ to: '/admin', label: t('dashboard.title') }}
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <>
            <TextInput
              label={t('history.search')}
              placeholder={t('history.searchPlaceholder')}
              value={d.q}
              onChange={(e) => set('q', e.currentTarget.value)}
              w={220}
            />
            <Select
              label={t('history.entity')}
              placeholder={t('common.all')}
              clearable
              w={170}
              value={d.entityType || null}
              onChange={(v) => set('entityType', v ?? '')}
              data={ENTITY_TYPES.map((e) => ({ value: e, label: historyEntity(e, t) }))}
            />
            <DateInput
              label={t('history.from')}
              valueFormat="YYYY-MM-DD"
              clearable
              w={150}
              value={toDateValue(d.from)}
              onChange={(v) => set('from', fromDateValue(v) ?? '')}
            />
            <DateInput
              label={t('history.to')}
              valueFormat="YYYY-MM-DD"
              clearable
              w={150}
              value={toDateValue(d.to)}
              onChange={(v) => set('to', fromDateValue(v) ?? '')}
            />
          </>
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(h) => h.id}
        emptyText={t('history.empty')}
      />
    </PageFrame>
  );
}
