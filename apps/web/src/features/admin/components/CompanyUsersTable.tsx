// A company's users on the company detail page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PAGER } from '@sightline/domain';
import { useUserList } from '../api/users';
import { useUserColumns } from './user-columns';
import { ServerTable } from './ServerTable';
import { useLocalSort } from '../hooks/useLocalSort';

export function CompanyUsersTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const sort = useLocalSort('createdAt', () => setPage(1));
  const { data, isLoading } = useUserList({
    page: String(page),
    perPage: String(PAGER.perPage),
    companyId: String(companyId),
    ...sort.query,
  });
  const columns = useUserColumns({ withCompany: false });
  return (
    <ServerTable
      columns={columns}
      rows={data?.data}
      total={data?.total ?? 0}
      perPage={PAGER.perPage}
      page={page}
      onPage={setPage}
      {...sort.tableProps}
      loading={isLoading}
      rowKey={(u) => u.id}
      onRowClick={(u) => navigate(`/admin/user/${u.id}`)}
      emptyText={t('user.empty')}
      testId="company-users"
    />
  );
}
