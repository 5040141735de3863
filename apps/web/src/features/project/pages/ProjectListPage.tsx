// /admin/project and /my/projects: projects filtered by text and company, sorted and paged by the server.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProjectList } from '../api/projects';
import { CompanyFilterSelect } from '../../company/components/CompanyFilterSelect';
import { ListPage } from '../../../components/list/ListPage';
import { useProjectColumns } from '../components/project-columns';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor, useCan } from '../../../hooks/useCan';

export default function ProjectListPage() {
  const { t } = useTranslation('admin');
  const paths = useAreaPaths();
  const can = useCan();
  const actor = useActor();
  const columns = useProjectColumns();

  return (
    <ListPage
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
      filters={[
        {
          key: 'q',
          kind: 'text',
          label: t('project.search'),
          placeholder: t('project.searchPlaceholder'),
          width: 260,
        },
        {
          key: 'companyId',
          kind: 'custom',
          render: (value, set) => <CompanyFilterSelect value={value} onChange={set} />,
        },
      ]}
      defaultSort="createdAt"
      usePage={useProjectList}
      columns={columns}
      rowKey={(p) => p.id}
      rowHref={(p) => `${paths.projects}/${p.id}`}
      emptyText={t('project.empty')}
    />
  );
}
