// /my: a system admin goes straight to change-password (SPEC §2); everyone else sees their account,
// their projects with permissions, and chooses the project that opens at login.
import { Button, Stack, Table, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { Role, maskName } from '@sightline/domain';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/store';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { PermissionBadges } from '../../participant/components/PermissionBadges';
import { formatDate } from '../../../utils/format';
import { MyDefaultProjectDialog } from '../components/MyDefaultProjectDialog';

export default function MyIndexPage() {
  const { t } = useTranslation('my');
  const { t: ta } = useTranslation('admin');
  const user = useSession((s) => s.user);
  const [opened, dialog] = useDisclosure(false);

  if (!user) return <Spinner />;
  if (user.role_id === Role.SystemAdmin) return <Navigate to="/my/change-password" replace />;

  return (
    <PageFrame
      title={t('info.title')}
      testId="my-info"
      actions={
        <>
          <Button variant="default" leftSection={<IconStar size={16} />} onClick={dialog.open}>
            {t('defaultProject.title')}
          </Button>
          <Button component={Link} to="/my/change-password" leftSection={<IconLock size={16} />}>
            {t('info.changePassword')}
          </Button>
        </>
      }
    >
      <FactGrid
        facts={[
          [ta('user.username'), user.username],
          [ta('user.name'), maskName(user.name)],
          [ta('user.department'), user.department],
          [ta('user.role'), ta(`roles.${user.role_id}`)],
          [ta('project.company'), user.company?.name ?? '-'],
          [
            t('defaultProject.label'),
            user.default_project ? `${user.default_project.title} (${user.default_project.code})` : '-',
          ],
          ...(user.trial
            ? ([[ta('user.expiresAt'), formatDate(user.expires_at)]] as [string, string][])
            : []),
        ]}
      />
      <Stack gap="xs">
        <Title order={4}>{t('info.projects')}</Title>
        {user.projects.length === 0 ? (
          <EmptyState message={t('info.noProjects')} />
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{ta('project.code')}</Table.Th>
                <Table.Th>{ta('project.title')}</Table.Th>
                <Table.Th>{ta('project.lineCount')}</Table.Th>
                <Table.Th>{ta('permission.label')}</Table.Th>
                <Table.Th>{ta('project.endDate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.projects.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.code}</Table.Td>
                  <Table.Td>{p.title}</Table.Td>
                  <Table.Td>{p.lines.length}</Table.Td>
                  <Table.Td>
                    <PermissionBadges permissions={p.permissions} />
                  </Table.Td>
                  <Table.Td>{p.end_date ? formatDate(p.end_date) : ta('project.unlimited')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <MyDefaultProjectDialog opened={opened} onClose={dialog.close} user={user} />
    </PageFrame>
  );
}
