// /admin/project/{id}/user/manager (and /my/projects/{id}/user/manager): the project's administrators
// (managers); add an eligible account, remove the manager role.
import { ActionIcon, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PAGER } from '@sightline/domain';
import { useManagers, useRemoveManager } from '../api/participants';
import { useProject } from '../../project/api/projects';
import { AdminAddDialog } from '../components/AdminAddDialog';
import { PageFrame } from '../../../components/PageFrame';
import { ProjectMemberTable } from '../components/ProjectMemberTable';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useCan } from '../../../hooks/useCan';
import { useListQueryState, toListQuery } from '../../../hooks/useListQueryState';
import { useMemberRemoval } from '../hooks/useMemberRemoval';
import { Spinner } from '../../../components/shared';
import { projectFacts } from '../../project/utils/project-facts';

export default function ProjectManagersPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: project } = useProject(id);
  const list = useListQueryState([] as const, 'joinedAt');
  const { data, isLoading } = useManagers(id, toListQuery(list, PAGER.perPage));
  const removePerson = useMemberRemoval(useRemoveManager(id), {
    title: 'manager.remove',
    confirm: 'manager.removeConfirm',
  });
  const [addOpen, add] = useDisclosure(false);

  if (!project) return <Spinner />;
  const mayManage = can('project.manageMembers', projectFacts(project));

  return (
    <PageFrame
      title={`${t('manager.title')} · ${project.title}`}
      testId="managers"
      back={{ to: `${paths.projects}/${id}`, label: project.title }}
      actions={
        mayManage && (
          <Button leftSection={<IconUserShield size={16} />} onClick={add.open} data-testid="manager-add">
            {t('manager.add')}
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t('manager.help')}
      </Text>
      <ProjectMemberTable
        list={list}
        data={data}
        loading={isLoading}
        emptyText={t('manager.empty')}
        actions={
          mayManage
            ? {
                width: 50,
                render: (p) => (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('manager.remove')}
                    onClick={() => removePerson(p)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ),
              }
            : undefined
        }
      />
      <AdminAddDialog opened={addOpen} onClose={add.close} projectId={id} />
    </PageFrame>
  );
}
