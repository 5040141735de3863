// /admin: counts of companies, projects, lines, users, running jobs and open reset requests, and the
// latest changes.
import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconBriefcase,
  IconKey,
  IconLayoutRows,
  IconLoader,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDashboard } from '../api/dashboard';
import { historyAction, historyActor, historyEntity, historyTarget } from '../../history/utils/history-text';
import { PageFrame } from '../../../components/PageFrame';
import { EmptyState, Spinner } from '../../../components/shared';
import { formatDateTime } from '../../../utils/format';

function Stat({
  label,
  value,
  icon,
  to,
  color,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  to?: string;
  color: string;
}) {
  const body = (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz={28} fw={700}>
            {value.toLocaleString()}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
  return to ? (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      {body}
    </Anchor>
  ) : (
    body
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { data } = useDashboard();
  if (!data) return <Spinner />;
  const c = data.counts;

  return (
    <PageFrame title={t('dashboard.title')} testId="admin-dashboard">
      <SimpleGrid cols={3} spacing="md" data-testid="dashboard-counts">
        <Stat
          label={t('dashboard.companies')}
          value={c.companies}
          icon={<IconBuilding />}
          to="/admin/company"
          color="crimson"
        />
        <Stat
          label={t('dashboard.projects')}
          value={c.projects}
          icon={<IconBriefcase />}
          to="/admin/project"
          color="blue"
        />
        <Stat label={t('dashboard.lines')} value={c.lines} icon={<IconLayoutRows />} color="teal" />
        <Stat
          label={t('dashboard.users')}
          value={c.users}
          icon={<IconUsers />}
          to="/admin/user"
          color="grape"
        />
        <Stat label={t('dashboard.runningJobs')} value={c.runningJobs} icon={<IconLoader />} color="orange" />
        <Stat
          label={t('dashboard.pendingResets')}
          value={c.pendingResetRequests}
          icon={<IconKey />}
          to="/admin/user/reset?status=unprocessed"
          color="red"
        />
      </SimpleGrid>
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('dashboard.recent')}</Title>
          <Anchor component={Link} to="/admin/history" size="sm">
            {t('dashboard.allHistory')}
          </Anchor>
        </Group>
        {data.recent.length === 0 ? (
          <EmptyState message={t('history.empty')} py={24} />
        ) : (
          <Table verticalSpacing={6} data-testid="dashboard-recent">
            <Table.Tbody>
              {data.recent.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td w={150}>
                    <Text size="sm" c="dimmed">
                      {formatDateTime(h.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{historyActor(h, t)}</Table.Td>
                  <Table.Td>{historyAction(h, t)}</Table.Td>
                  <Table.Td>
                    {historyEntity(h.entityType, t)} {historyTarget(h, t)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </PageFrame>
  );
}
