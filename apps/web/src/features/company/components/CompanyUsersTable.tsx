// A company's users on the company detail page.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUserList } from '../../user/api/users';
import { useUserColumns } from '../../user/components/user-columns';
import { ServerTable } from '../../../components/list/ServerTable';
import { useLocalPagedList } from '../../../hooks/useLocalPagedList';

export function CompanyUsersTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const list = useLocalPagedList('createdAt', { companyId: String(companyId) });
  const { data, isLoading } = useUserList(list.query);
  const columns = useUserColumns({ withCompany: false });
  return (
    <ServerTable
      columns={columns}
      rows={data?.data}
      total={data?.total ?? 0}
      {...list.tableProps}
      loading={isLoading}
      rowKey={(u) => u.id}
      onRowClick={(u) => navigate(`/admin/user/${u.id}`)}
      emptyText={t('user.empty')}
      testId="company-users"
    />
  );
}
