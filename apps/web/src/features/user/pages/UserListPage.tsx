// /admin/user and /my/user: accounts filtered by text, company and role; server-sorted and paged.
import { Button, Select, TextInput } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ROLE_IDS } from '@sightline/domain';
import { useUserList } from '../api/users';
import { CompanyFilterSelect } from '../../company/components/CompanyFilterSelect';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ListTable } from '../../../components/list/ListTable';
import { useUserColumns } from '../components/user-columns';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor } from '../../../hooks/useCan';
import { useListQuery } from '../../../hooks/useListQuery';

const FILTERS = ['q', 'companyId', 'roleId'] as const;

export default function UserListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const actor = useActor();
  const { list, data, isLoading } = useListQuery(FILTERS, 'createdAt', useUserList);
  const columns = useUserColumns();
  const crossTenant = actor !== null && actor.roleId <= 2;

  return (
    <PageFrame
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
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <>
            <TextInput
              label={t('user.search')}
              placeholder={t('user.searchPlaceholder')}
              value={d.q}
              onChange={(e) => set('q', e.currentTarget.value)}
              w={240}
            />
            {crossTenant && <CompanyFilterSelect value={d.companyId} onChange={(v) => set('companyId', v)} />}
            <Select
              label={t('user.role')}
              placeholder={t('common.all')}
              clearable
              w={180}
              value={d.roleId || null}
              onChange={(v) => set('roleId', v ?? '')}
              data={ROLE_IDS.map((r) => ({ value: String(r), label: t(`roles.${r}`) }))}
            />
          </>
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(u) => u.id}
        onRowClick={(u) => navigate(`${paths.users}/${u.id}`)}
        emptyText={t('user.empty')}
      />
    </PageFrame>
  );
}
