// Status badge with progress bar and queue position of an evaluation or compare row.
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isActiveStatus, type EvaluationStatus as Status } from '@sightline/domain';
import { STATUS_COLOR } from '../utils/evaluation-format';

interface Props {
  status: Status;
  progress: number;
  queuePosition?: number | null;
  /** Show the progress bar (list rows); the badge alone otherwise. */
  withProgress?: boolean;
}

export function EvaluationStatus({ status, progress, queuePosition, withProgress = true }: Props) {
  const { t } = useTranslation('evaluation');
  return (
    <Stack gap={4} data-testid="evaluation-status" data-status={status}>
      <Group gap={6} wrap="nowrap">
        <Badge color={STATUS_COLOR[status]} variant={status === 'done' ? 'filled' : 'light'} size="sm">
          {t(`status.${status}`)}
        </Badge>
        {status === 'waiting' && queuePosition != null && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('list.queue', { n: queuePosition })}
          </Text>
        )}
      </Group>
      {withProgress && (isActiveStatus(status) || status === 'done') && (
        <Group gap={6} wrap="nowrap">
          <Progress value={progress} size="sm" w={80} animated={status === 'running'} />
          <Text size="xs">{progress}%</Text>
        </Group>
      )}
    </Stack>
  );
}
