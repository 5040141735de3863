// /admin/project and /my/projects: projects filtered by text and company, sorted and paged by the server.
import { Button, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PAGER } from '@sightline/domain';
import { useProjectList } from '../../api/projects';
import { CompanyFilterSelect } from '../../components/CompanyFilterSelect';
import { FilterBar } from '../../components/FilterBar';
import { PageFrame } from '../../components/PageFrame';
import { ServerTable } from '../../components/ServerTable';
import { useProjectColumns } from '../../components/project-columns';
import { useAreaPaths } from '../../hooks/useAreaPaths';
import { useActor, useCan } from '../../hooks/useCan';
import { toListQuery, useListQueryState } from '../../hooks/useListQueryState';

const FILTERS = ['q', 'companyId'] as const;

export default function ProjectListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const can = useCan();
  const actor = useActor();
  const list = useListQueryState(FILTERS, 'createdAt');
  const { data, isLoading } = useProjectList(toListQuery(list, PAGER.perPage));
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
      <ServerTable
        columns={columns}
        rows={data?.data}
        total={data?.total ?? 0}
        perPage={PAGER.perPage}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort}
        order={list.order}
        onSort={list.toggleSort}
        loading={isLoading}
        rowKey={(p) => p.id}
        onRowClick={(p) => navigate(`${paths.projects}/${p.id}`)}
        emptyText={t('project.empty')}
      />
    </PageFrame>
  );
}
