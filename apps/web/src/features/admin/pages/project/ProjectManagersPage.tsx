// /admin/project/{id}/user/manager (and /my/projects/{id}/user/manager): the project's administrators
// (managers); add an eligible account, remove the manager role.
import { ActionIcon, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { maskName, PAGER, type Participant } from '@sightline/domain';
import { useManagers, useProject, useRemoveManager } from '../../api/projects';
import { AdminAddDialog } from '../../components/dialogs/AdminAddDialog';
import { PageFrame } from '../../components/PageFrame';
import { PermissionBadges } from '../../components/PermissionBadges';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useAreaPaths } from '../../hooks/useAreaPaths';
import { useCan } from '../../hooks/useCan';
import { useListQueryState, toListQuery } from '../../hooks/useListQueryState';
import { confirm, Spinner, flash } from '../../shared';
import { formatDate } from '../../utils/format';
import { showServerError } from '../../utils/server-error';

export default function ProjectManagersPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: project } = useProject(id);
  const list = useListQueryState([] as const, 'joinedAt');
  const { data, isLoading } = useManagers(id, toListQuery(list, PAGER.perPage));
  const remove = useRemoveManager(id);
  const [addOpen, add] = useDisclosure(false);

  if (!project) return <Spinner />;
  const removePerson = async (p: Participant) => {
    const ok = await confirm({
      title: t('manager.remove'),
      message: t('manager.removeConfirm', { name: maskName(p.name) }),
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
    { key: 'name', header: t('user.name'), sortKey: 'name', render: (p) => maskName(p.name) },
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
    });

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
        emptyText={t('manager.empty')}
      />
      <AdminAddDialog opened={addOpen} onClose={add.close} projectId={id} />
    </PageFrame>
  );
}
