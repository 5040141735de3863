// Status badge, progress bar and the small facts under it (phase, epoch, queue position, 'resumed').
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LearningListItem, LearningStatus } from '@sightline/domain';
import { durationParts } from '../utils/learning-utils';

const COLORS: Record<LearningStatus, string> = {
  waiting: 'gray',
  running: 'blue',
  canceling: 'orange',
  done: 'teal',
  error: 'red',
  canceled: 'dark',
};

export function LearningStatusBadge({ status }: { status: LearningStatus }) {
  const { t } = useTranslation('learning');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="learning-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** '12 s', '3 min 5 s', '1 h 2 min' in the UI language; '-' when unknown. */
export function useDurationText() {
  const { t } = useTranslation('learning');
  return (seconds: number | null | undefined) => {
    const p = durationParts(seconds);
    return p ? t(`time.${p.key}`, { h: p.h, m: p.m, s: p.s }) : '-';
  };
}

export function LearningStatusCell({ item }: { item: LearningListItem }) {
  const { t } = useTranslation('learning');
  const active = item.status === 'running' || item.status === 'canceling';
  return (
    <Stack gap={4} miw={150}>
      <Group gap={6} wrap="nowrap">
        <LearningStatusBadge status={item.status} />
        {item.resumed && (
          <Badge size="sm" color="grape" variant="outline" data-testid="learning-resumed">
            {t('list.resumed')}
          </Badge>
        )}
        {item.queue_position != null && item.status === 'waiting' && (
          <Text size="xs" c="dimmed" data-testid="learning-queue">
            {t('list.queue', { n: item.queue_position })}
          </Text>
        )}
      </Group>
      {(active || item.status === 'done') && (
        <Progress
          value={item.progress}
          size="sm"
          color={item.status === 'done' ? 'teal' : 'blue'}
          animated={active}
          data-testid="learning-progress"
          aria-valuenow={item.progress}
        />
      )}
      {active && (
        <Text size="xs" c="dimmed">
          {item.progress}%{item.phase ? ` · ${t(`phase.${item.phase}`)}` : ''}
          {item.epoch != null && item.epochs != null
            ? ` · ${t('list.epoch', { epoch: item.epoch, epochs: item.epochs })}`
            : ''}
        </Text>
      )}
      {item.status === 'error' && item.error && (
        <Text size="xs" c="red" lineClamp={2} title={item.error.message}>
          {item.error.message}
        </Text>
      )}
    </Stack>
  );
}
