// /admin/project and /my/projects: projects filtered by text and company, sorted and paged by the server.
import { Button, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useProjectList } from '../api/projects';
import { CompanyFilterSelect } from '../../company/components/CompanyFilterSelect';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ListTable } from '../../../components/list/ListTable';
import { useProjectColumns } from '../components/project-columns';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor, useCan } from '../../../hooks/useCan';
import { useListQuery } from '../../../hooks/useListQuery';

const FILTERS = ['q', 'companyId'] as const;

export default function ProjectListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const can = useCan();
  const actor = useActor();
  const { list, data, isLoading } = useListQuery(FILTERS, 'createdAt', useProjectList);
  const columns = useProjectColumns();

  return (
    <PageFrame
      title={t('project.listTitle')}
      testId="project-list"
      actions={
        // A company admin creates projects in their own company only.
        can('project.create', { companyId: actor?.companyId ?? null }) && (
          <Button component={Link} to={`${paths.projects}/create`} leftSection={<IconPlus size={16} />}>
            {t('project.create')}
          </Button>
        )
      }
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <>
            <TextInput
              label={t('project.search')}
              placeholder={t('project.searchPlaceholder')}
              value={d.q}
              onChange={(e) => set('q', e.currentTarget.value)}
              w={260}
            />
            <CompanyFilterSelect value={d.companyId} onChange={(v) => set('companyId', v)} />
          </>
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(p) => p.id}
        onRowClick={(p) => navigate(`${paths.projects}/${p.id}`)}
        emptyText={t('project.empty')}
      />
    </PageFrame>
  );
}
