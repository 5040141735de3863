// /admin/project/{id}/user (and /my/projects/{id}/user): the project's participants with their
// permissions; add (new or existing user), edit permissions, remove.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { maskName, PAGER, type Participant } from '@sightline/domain';
import { useParticipants, useRemoveParticipant } from '../api/participants';
import { useProject } from '../../project/api/projects';
import { ParticipantAddDialog } from '../components/ParticipantAddDialog';
import { PermissionEditDialog } from '../components/PermissionEditDialog';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ProjectMemberTable } from '../components/ProjectMemberTable';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useCan } from '../../../hooks/useCan';
import { toListQuery, useListQueryState } from '../../../hooks/useListQueryState';
import { useMemberRemoval } from '../hooks/useMemberRemoval';
import { Spinner } from '../../../components/shared';
import { projectFacts } from '../../project/utils/project-facts';

const FILTERS = ['q'] as const;

export default function ProjectParticipantsPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: project } = useProject(id);
  const list = useListQueryState(FILTERS, 'joinedAt');
  const { data, isLoading } = useParticipants(id, toListQuery(list, PAGER.perPage));
  const removePerson = useMemberRemoval(useRemoveParticipant(id), {
    title: 'participant.removeTitle',
    confirm: 'participant.removeConfirm',
  });
  const [addOpen, add] = useDisclosure(false);
  const [editing, setEditing] = useState<Participant | null>(null);

  if (!project) return <Spinner />;
  const mayManage = can('project.manageMembers', projectFacts(project));

  return (
    <PageFrame
      title={`${t('participant.title')} · ${project.title}`}
      testId="participants"
      back={{ to: `${paths.projects}/${id}`, label: project.title }}
      actions={
        mayManage && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={add.open} data-testid="participant-add">
            {t('participant.add')}
          </Button>
        )
      }
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <TextInput
            label={t('user.search')}
            placeholder={t('user.searchPlaceholder')}
            value={d.q}
            onChange={(e) => set('q', e.currentTarget.value)}
            w={280}
          />
        )}
      </FilterBar>
      <ProjectMemberTable
        list={list}
        data={data}
        loading={isLoading}
        emptyText={t('participant.empty')}
        renderName={(p) => (
          <Group gap={6}>
            {maskName(p.name)}
            {p.isManager && (
              <Badge tt="none" size="xs" variant="outline">
                {t('manager.badge')}
              </Badge>
            )}
          </Group>
        )}
        actions={
          mayManage
            ? {
                width: 90,
                render: (p) => (
                  <Group gap={4} onClick={(e) => e.stopPropagation()}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('permission.editTitle')}
                      onClick={() => setEditing(p)}
                      data-testid={`edit-permission-${p.username}`}
                    >
                      <IconKey size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      onClick={() => removePerson(p)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ),
              }
            : undefined
        }
      />
      <ParticipantAddDialog opened={addOpen} onClose={add.close} projectId={id} />
      <PermissionEditDialog projectId={id} participant={editing} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
