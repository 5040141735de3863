// A company's users on the company detail page (page and sort kept locally, not in the URL).
import { useTranslation } from 'react-i18next';
import { useUserList } from '../../user/api/users';
import { useUserColumns } from '../../user/components/user-columns';
import { LocalListTable } from '../../../components/list/LocalListTable';

export function CompanyUsersTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const columns = useUserColumns({ withCompany: false });
  return (
    <LocalListTable
      filters={{ companyId: String(companyId) }}
      defaultSort="createdAt"
      usePage={useUserList}
      columns={columns}
      rowKey={(u) => u.id}
      rowHref={(u) => `/admin/user/${u.id}`}
      emptyText={t('user.empty')}
      testId="company-users"
    />
  );
}
