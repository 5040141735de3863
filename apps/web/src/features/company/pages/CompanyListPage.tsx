// /admin/company: companies with their project, line, administrator and user counts.
import { Button, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCompanyList } from '../api/companies';
import type { CompanyRecord } from '@sightline/domain';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ListTable } from '../../../components/list/ListTable';
import type { Column } from '../../../components/list/ServerTable';
import { useListQuery } from '../../../hooks/useListQuery';
import { formatDate } from '../../../utils/format';

const FILTERS = ['name'] as const;

export default function CompanyListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { list, data, isLoading } = useListQuery(FILTERS, 'createdAt', useCompanyList);

  const columns: Column<CompanyRecord>[] = [
    { key: 'name', header: t('company.name'), sortKey: 'name', render: (c) => c.name },
    {
      key: 'projects',
      header: t('company.projectCount'),
      sortKey: 'projectCount',
      render: (c) => c.projectCount,
    },
    { key: 'lines', header: t('company.lineCount'), sortKey: 'lineCount', render: (c) => c.lineCount },
    { key: 'admins', header: t('company.adminCount'), sortKey: 'adminCount', render: (c) => c.adminCount },
    { key: 'users', header: t('company.userCount'), sortKey: 'userCount', render: (c) => c.userCount },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (c) => formatDate(c.createdAt),
    },
  ];

  return (
    <PageFrame
      title={t('company.listTitle')}
      testId="company-list"
      actions={
        <Button component={Link} to="/admin/company/create" leftSection={<IconPlus size={16} />}>
          {t('company.create')}
        </Button>
      }
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <TextInput
            label={t('company.name')}
            placeholder={t('common.searchPlaceholder')}
            value={d.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            w={300}
          />
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(c) => c.id}
        onRowClick={(c) => navigate(`/admin/company/${c.id}`)}
        emptyText={t('company.empty')}
      />
    </PageFrame>
  );
}
