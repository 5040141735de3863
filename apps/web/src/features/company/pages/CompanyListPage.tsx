// /admin/company: companies with their project, line, administrator and user counts.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CompanyRecord } from '@sightline/domain';
import { useCompanyList } from '../api/companies';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { formatDate } from '../../../utils/format';

export default function CompanyListPage() {
  const { t } = useTranslation('admin');

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
    <ListPage
      title={t('company.listTitle')}
      testId="company-list"
      actions={
        <Button component={Link} to="/admin/company/create" leftSection={<IconPlus size={16} />}>
          {t('company.create')}
        </Button>
      }
      filters={[{ key: 'name', kind: 'text', label: t('company.name'), width: 300 }]}
      defaultSort="createdAt"
      usePage={useCompanyList}
      columns={columns}
      rowKey={(c) => c.id}
      rowHref={(c) => `/admin/company/${c.id}`}
      emptyText={t('company.empty')}
    />
  );
}
