// /admin/user/reset: password-reset requests, filtered by status, newest first.
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { maskName, RESET_REQUEST_STATUSES, type ResetRequest } from '@sightline/domain';
import { useResetList } from '../api/resets';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ResetStatusBadge } from '../components/ResetStatusBadge';
import { ListTable } from '../../../components/list/ListTable';
import type { Column } from '../../../components/list/ServerTable';
import { useListQuery } from '../../../hooks/useListQuery';
import { formatDateTime } from '../../../utils/format';

const FILTERS = ['status'] as const;

export default function ResetListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { list, data, isLoading } = useListQuery(FILTERS, 'requestedAt', useResetList);

  const columns: Column<ResetRequest>[] = [
    { key: 'username', header: t('user.username'), sortKey: 'username', render: (r) => r.username },
    {
      key: 'name',
      header: t('user.name'),
      render: (r) => (r.user ? maskName(r.user.name) : t('reset.unknownUser')),
    },
    { key: 'company', header: t('project.company'), render: (r) => r.user?.company?.name ?? '-' },
    {
      key: 'status',
      header: t('reset.statusLabel'),
      sortKey: 'status',
      render: (r) => <ResetStatusBadge status={r.status} />,
    },
    {
      key: 'requestedAt',
      header: t('reset.requestedAt'),
      sortKey: 'requestedAt',
      render: (r) => formatDateTime(r.requestedAt),
    },
    { key: 'handledAt', header: t('reset.handledAt'), render: (r) => formatDateTime(r.handledAt) },
  ];

  return (
    <PageFrame
      title={t('reset.listTitle')}
      testId="reset-list"
      back={{ to: '/admin/user', label: t('user.listTitle') }}
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <Select
            label={t('reset.statusLabel')}
            placeholder={t('common.all')}
            clearable
            w={200}
            value={d.status || null}
            onChange={(v) => set('status', v ?? '')}
            data={RESET_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`reset.status.${s}`) }))}
          />
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(`/admin/user/reset/${r.id}`)}
        emptyText={t('reset.empty')}
      />
    </PageFrame>
  );
}
