// A company's projects on the company detail page (page and sort kept locally, not in the URL).
import { useTranslation } from 'react-i18next';
import { useProjectList } from '../../project/api/projects';
import { useProjectColumns } from '../../project/components/project-columns';
import { LocalListTable } from '../../../components/list/LocalListTable';

export function CompanyProjectsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  return (
    <LocalListTable
      filters={{ companyId: String(companyId) }}
      defaultSort="createdAt"
      usePage={useProjectList}
      columns={useProjectColumns({ withCompany: false })}
      rowKey={(p) => p.id}
      rowHref={(p) => `/admin/project/${p.id}`}
      emptyText={t('project.empty')}
      testId="company-projects"
    />
  );
}
