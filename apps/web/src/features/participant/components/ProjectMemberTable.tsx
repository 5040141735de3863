// The member table shared by a project's participants and managers pages: same columns, URL list
// state and server paging; the pages differ in how a name is shown and in the row actions.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maskName, type PageOf, type Participant } from '@sightline/domain';
import { PermissionBadges } from './PermissionBadges';
import { ListTable, type UrlListState } from '../../../components/list/ListTable';
import type { Column } from '../../../components/list/ServerTable';
import { formatDate } from '../../../utils/format';

export function ProjectMemberTable({
  list,
  data,
  loading,
  renderName = (p) => maskName(p.name),
  actions,
  emptyText,
}: {
  list: UrlListState;
  data: PageOf<Participant> | undefined;
  loading: boolean;
  renderName?: (p: Participant) => ReactNode;
  /** The row actions column, shown only to those who may manage the members. */
  actions?: { width: number; render: (p: Participant) => ReactNode };
  emptyText: string;
}) {
  const { t } = useTranslation('admin');
  const columns: Column<Participant>[] = [
    { key: 'username', header: t('user.username'), sortKey: 'username', render: (p) => p.username },
    { key: 'name', header: t('user.name'), sortKey: 'name', render: renderName },
    { key: 'department', header: t('user.department'), sortKey: 'department', render: (p) => p.department },
    { key: 'role', header: t('user.role'), render: (p) => t(`roles.${p.roleId}`) },
    {
      key: 'permissions',
      header: t('permission.label'),
      render: (p) => <PermissionBadges permissions={p.permissions} />,
    },
    {
      key: 'joinedAt',
      header: t('participant.joinedAt'),
      sortKey: 'joinedAt',
      render: (p) => formatDate(p.joinedAt),
    },
  ];
  if (actions) columns.push({ key: 'actions', header: '', ...actions });

  return (
    <ListTable
      columns={columns}
      list={list}
      data={data}
      loading={loading}
      rowKey={(p) => p.id}
      emptyText={emptyText}
    />
  );
}
