// User table columns shared by the user list and a company's user tab (names arrive masked).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maskName, type UserRecord } from '@sightline/domain';
import type { Column } from '../../../components/list/ServerTable';
import { formatDate } from '../../../utils/format';

export function useUserColumns(opts: { withCompany?: boolean } = {}): Column<UserRecord>[] {
  const { t } = useTranslation('admin');
  const cols: (Column<UserRecord> | false)[] = [
    { key: 'username', header: t('user.username'), sortKey: 'username', render: (u) => u.username },
    { key: 'name', header: t('user.name'), sortKey: 'name', render: (u) => maskName(u.name) },
    { key: 'department', header: t('user.department'), sortKey: 'department', render: (u) => u.department },
    {
      key: 'role',
      header: t('user.role'),
      sortKey: 'roleId',
      render: (u) => (
        <Badge tt="none" variant="light" color={u.roleId <= 2 ? 'crimson' : u.roleId === 3 ? 'blue' : 'gray'}>
          {t(`roles.${u.roleId}`)}
        </Badge>
      ),
    },
    opts.withCompany !== false && {
      key: 'company',
      header: t('project.company'),
      sortKey: 'company',
      render: (u) => u.company?.name ?? '-',
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (u) => formatDate(u.createdAt),
    },
  ];
  return cols.filter((c): c is Column<UserRecord> => c !== false);
}
