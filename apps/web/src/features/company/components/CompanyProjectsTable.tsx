// A company's projects on the company detail page (page and sort kept locally, not in the URL).
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProjectList } from '../../project/api/projects';
import { useProjectColumns } from '../../project/components/project-columns';
import { ServerTable } from '../../../components/list/ServerTable';
import { useLocalPagedList } from '../../../hooks/useLocalPagedList';

export function CompanyProjectsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const list = useLocalPagedList('createdAt', { companyId: String(companyId) });
  const { data, isLoading } = useProjectList(list.query);
  const columns = useProjectColumns({ withCompany: false });
  return (
    <ServerTable
      columns={columns}
      rows={data?.data}
      total={data?.total ?? 0}
      {...list.tableProps}
      loading={isLoading}
      rowKey={(p) => p.id}
      onRowClick={(p) => navigate(`/admin/project/${p.id}`)}
      emptyText={t('project.empty')}
      testId="company-projects"
    />
  );
}
