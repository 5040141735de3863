// /admin/user and /my/user: accounts filtered by text, company and role; server-sorted and paged.
import { Button } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROLE_IDS } from '@sightline/domain';
import { useUserList } from '../api/users';
import { CompanyFilterSelect } from '../../company/components/CompanyFilterSelect';
import { ListPage } from '../../../components/list/ListPage';
import { useUserColumns } from '../components/user-columns';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor } from '../../../hooks/useCan';

export default function UserListPage() {
  const { t } = useTranslation('admin');
  const paths = useAreaPaths();
  const actor = useActor();
  const columns = useUserColumns();
  const crossTenant = actor !== null && actor.roleId <= 2;

  return (
    <ListPage
      title={t('user.listTitle')}
      testId="user-list"
      actions={
        <>
          {paths.area === 'admin' && (
            <Button
              variant="default"
              component={Link}
              to="/admin/user/reset"
              leftSection={<IconKey size={16} />}
            >
              {t('reset.listTitle')}
            </Button>
          )}
          <Button component={Link} to={`${paths.users}/create`} leftSection={<IconPlus size={16} />}>
            {t('user.create')}
          </Button>
        </>
      }
      filters={[
        {
          key: 'q',
          kind: 'text',
          label: t('user.search'),
          placeholder: t('user.searchPlaceholder'),
          width: 240,
        },
        {
          key: 'companyId',
          kind: 'custom',
          hidden: !crossTenant,
          render: (value, set) => <CompanyFilterSelect value={value} onChange={set} />,
        },
        {
          key: 'roleId',
          kind: 'select',
          label: t('user.role'),
          width: 180,
          data: ROLE_IDS.map((r) => ({ value: String(r), label: t(`roles.${r}`) })),
        },
      ]}
      defaultSort="createdAt"
      usePage={useUserList}
      columns={columns}
      rowKey={(u) => u.id}
      rowHref={(u) => `${paths.users}/${u.id}`}
      emptyText={t('user.empty')}
    />
  );
}
