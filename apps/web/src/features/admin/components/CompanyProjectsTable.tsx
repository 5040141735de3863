// A company's projects on the company detail page (page and sort kept locally, not in the URL).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PAGER } from '@sightline/domain';
import { useProjectList } from '../api/projects';
import { useProjectColumns } from './project-columns';
import { ServerTable } from './ServerTable';
import { useLocalSort } from '../hooks/useLocalSort';

export function CompanyProjectsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const sort = useLocalSort('createdAt', () => setPage(1));
  const { data, isLoading } = useProjectList({
    page: String(page),
    perPage: String(PAGER.perPage),
    companyId: String(companyId),
    ...sort.query,
  });
  const columns = useProjectColumns({ withCompany: false });
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
      rowKey={(p) => p.id}
      onRowClick={(p) => navigate(`/admin/project/${p.id}`)}
      emptyText={t('project.empty')}
      testId="company-projects"
    />
  );
}
