// /admin/user/reset: password-reset requests, filtered by status, newest first.
import { useTranslation } from 'react-i18next';
import { maskName, RESET_REQUEST_STATUSES, type ResetRequest } from '@sightline/domain';
import { useResetList } from '../api/resets';
import { ResetStatusBadge } from '../components/ResetStatusBadge';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { formatDateTime } from '../../../utils/format';

export default function ResetListPage() {
  const { t } = useTranslation('admin');

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
    <ListPage
      title={t('reset.listTitle')}
      testId="reset-list"
      back={{ to: '/admin/user', label: t('user.listTitle') }}
      filters={[
        {
          key: 'status',
          kind: 'select',
          label: t('reset.statusLabel'),
          width: 200,
          data: RESET_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`reset.status.${s}`) })),
        },
      ]}
      defaultSort="requestedAt"
      usePage={useResetList}
      columns={columns}
      rowKey={(r) => r.id}
      rowHref={(r) => `/admin/user/reset/${r.id}`}
      emptyText={t('reset.empty')}
    />
  );
}
