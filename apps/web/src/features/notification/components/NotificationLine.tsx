// One notification: what kind of work, its state (and progress while running), when.
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Notification } from '@sightline/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<string, string> = {
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'gray',
  running: 'blue',
  queued: 'yellow',
};

export function NotificationLine({ n, compact = false }: { n: Notification; compact?: boolean }) {
  const { t } = useTranslation('notification');
  const state = n.job_status ?? n.status;
  const label = n.job_status
    ? t(`jobStatus.${n.job_status}`, { defaultValue: n.job_status })
    : t(`status.${n.status}`);
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }} data-testid="notification-line">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={n.is_read ? 400 : 700} truncate>
          {t(`type.${n.type}`)}
          {n.work_name && (
            <Text span size="sm" fw={n.is_read ? 400 : 700}>
              {' '}
              {n.work_name}
            </Text>
          )}
        </Text>
        <Badge
          size="xs"
          variant="light"
          color={STATUS_COLOR[state] ?? (n.status === 'done' ? 'teal' : 'blue')}
          data-testid="notification-status"
        >
          {label}
        </Badge>
      </Group>
      {n.status === 'in_progress' && (
        <Group gap="xs" wrap="nowrap">
          <Progress value={n.progress} size="sm" style={{ flex: 1 }} aria-label={t('progress')} />
          <Text size="xs" c="dimmed" data-testid="notification-progress">
            {n.progress}%
          </Text>
        </Group>
      )}
      {n.message && !compact && (n.type === 'monitoring' || n.job_status === 'failed') && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {n.message}
        </Text>
      )}
      <Text size="xs" c="dimmed" truncate>
        {dayjs(n.updated_at).format('YYYY-MM-DD HH:mm')}
        {n.project_id !== null && ` · ${n.project_name ?? t('project', { id: n.project_id })}`}
      </Text>
    </Stack>
  );
}
