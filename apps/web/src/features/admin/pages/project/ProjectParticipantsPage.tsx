// /admin/project/{id}/user (and /my/projects/{id}/user): the project's participants with their
// permissions; add (new or existing user), edit permissions, remove.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { maskName, PAGER, type Participant } from '@sightline/domain';
import { useParticipants, useProject, useRemoveParticipant } from '../../api/projects';
import { ParticipantAddDialog } from '../../components/dialogs/ParticipantAddDialog';
import { PermissionEditDialog } from '../../components/dialogs/PermissionEditDialog';
import { FilterBar } from '../../components/FilterBar';
import { PageFrame } from '../../components/PageFrame';
import { PermissionBadges } from '../../components/PermissionBadges';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useAreaPaths } from '../../hooks/useAreaPaths';
import { useCan } from '../../hooks/useCan';
import { toListQuery, useListQueryState } from '../../hooks/useListQueryState';
import { confirm, Spinner, flash } from '../../shared';
import { formatDate } from '../../utils/format';
import { showServerError } from '../../utils/server-error';

const FILTERS = ['q'] as const;

export default function ProjectParticipantsPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: project } = useProject(id);
  const list = useListQueryState(FILTERS, 'joinedAt');
  const { data, isLoading } = useParticipants(id, toListQuery(list, PAGER.perPage));
  const remove = useRemoveParticipant(id);
  const [addOpen, add] = useDisclosure(false);
  const [editing, setEditing] = useState<Participant | null>(null);

  if (!project) return <Spinner />;
  const removePerson = async (p: Participant) => {
    const ok = await confirm({
      title: t('participant.removeTitle'),
      message: t('participant.removeConfirm', { name: maskName(p.name) }),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(p.id);
      flash('success', t('common.deleted'));
    } catch (err) {
      showServerError(null, err);
    }
  };
  const mayManage = can('project.manageMembers', {
    companyId: project.company.id,
    projectId: id,
    managerIds: project.managers.map((m) => m.id),
  });

  const columns: Column<Participant>[] = [
    { key: 'username', header: t('user.username'), sortKey: 'username', render: (p) => p.username },
    {
      key: 'name',
      header: t('user.name'),
      sortKey: 'name',
      render: (p) => (
        <Group gap={6}>
          {maskName(p.name)}
          {p.isManager && (
            <Badge tt="none" size="xs" variant="outline">
              {t('manager.badge')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'department', header: t('user.department'), sortKey: 'department', render: (p) => p.department },
    { key: 'role', header: t('user.role'), render: (p) => t(`roles.${p.roleId}`) },
    {
      key: 'permissions',
      header: t('permission.label'),
      render: (p) => <PermissionBadges permissions={p.permissions} />,
    },
    {
      key: 'joinedAt',
      header: t('participant.joinedAt'),
      sortKey: 'joinedAt',
      render: (p) => formatDate(p.joinedAt),
    },
  ];
  if (mayManage)
    columns.push({
      key: 'actions',
      header: '',
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
    });

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
        emptyText={t('participant.empty')}
      />
      <ParticipantAddDialog opened={addOpen} onClose={add.close} projectId={id} />
      <PermissionEditDialog projectId={id} participant={editing} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
