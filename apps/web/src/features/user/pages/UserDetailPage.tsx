// /admin/user/{id} (and /my/user/{id}): the account, its projects and permissions; edit, change
// name and choose the default project.
import { Badge, Button, Stack, Table, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconForms, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { RoleId } from '@sightline/domain';
import { useUser } from '../api/users';
import { ChangeUserNameDialog } from '../components/ChangeUserNameDialog';
import { DefaultProjectDialog } from '../components/DefaultProjectDialog';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { PermissionBadges } from '../../participant/components/PermissionBadges';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useCan } from '../../../hooks/useCan';
import { EmptyState, Spinner } from '../../../components/shared';
import { formatDate } from '../../../utils/format';

export default function UserDetailPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: user } = useUser(id);
  const [renameOpen, rename] = useDisclosure(false);
  const [defaultOpen, defaults] = useDisclosure(false);

  if (!user) return <Spinner />;
  const facts = { roleId: user.roleId as RoleId, companyId: user.company?.id ?? null, userId: user.id };
  const mayEdit = can('user.update', facts);
  const defaultProject = user.projects.find((p) => p.id === user.defaultProjectId);

  return (
    <PageFrame
      title={`${user.name} (${user.username})`}
      testId="user-detail"
      back={{ to: paths.users, label: t('user.listTitle') }}
      actions={
        <>
          {can('user.setDefaultProject', facts) && (
            <Button variant="default" leftSection={<IconStar size={16} />} onClick={defaults.open}>
              {t('defaultProject.title')}
            </Button>
          )}
          {mayEdit && (
            <>
              <Button variant="default" leftSection={<IconForms size={16} />} onClick={rename.open}>
                {t('user.rename')}
              </Button>
              <Button component={Link} to={`${paths.users}/${id}/edit`} leftSection={<IconEdit size={16} />}>
                {t('common.edit')}
              </Button>
            </>
          )}
        </>
      }
    >
      <FactGrid
        facts={[
          [t('user.username'), user.username],
          [t('user.name'), user.name],
          [t('user.department'), user.department],
          [t('user.role'), t(`roles.${user.roleId}`)],
          [t('project.company'), user.company?.name ?? '-'],
          [
            t('defaultProject.label'),
            defaultProject ? `${defaultProject.title} (${defaultProject.code})` : '-',
          ],
          [
            t('user.trial'),
            user.isTrial
              ? `${t('common.yes')} · ${t('user.expiresAt')} ${formatDate(user.expiresAt)}`
              : t('common.no'),
          ],
          [
            t('user.resetByAdmin'),
            user.resetByAdmin ? (
              <Badge tt="none" color="orange" variant="light">
                {t('user.mustChangePassword')}
              </Badge>
            ) : (
              '-'
            ),
          ],
          [t('common.createdAt'), formatDate(user.createdAt)],
        ]}
      />
      <Stack gap="xs">
        <Title order={4}>{t('user.projects')}</Title>
        {user.projects.length === 0 ? (
          <EmptyState message={t('user.noProjects')} />
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('project.code')}</Table.Th>
                <Table.Th>{t('project.title')}</Table.Th>
                <Table.Th>{t('permission.label')}</Table.Th>
                <Table.Th>{t('manager.title')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.projects.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.code}</Table.Td>
                  <Table.Td>
                    <Link to={`${paths.projects}/${p.id}`}>{p.title}</Link>
                  </Table.Td>
                  <Table.Td>
                    <PermissionBadges permissions={p.permissions} />
                  </Table.Td>
                  <Table.Td>{p.isManager ? t('common.yes') : '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ChangeUserNameDialog opened={renameOpen} onClose={rename.close} user={user} />
      <DefaultProjectDialog opened={defaultOpen} onClose={defaults.close} user={user} />
    </PageFrame>
  );
}
