// Status of a processing work: a badge, and a progress bar while it waits or saves; errors show their message.
import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Availability, Work } from '@sightline/domain';

const STATUS_COLORS = { waiting: 'gray', progressing: 'blue', done: 'green', error: 'red' } as const;
const AVAILABILITY_COLORS: Record<Availability, string> = {
  in_use_other: 'orange',
  in_use_me: 'blue',
  available: 'gray',
};

export function WorkStatusCell({ work }: { work: Work }) {
  const { t } = useTranslation('processing');
  const active = work.status === 'waiting' || work.status === 'progressing';
  return (
    <Stack gap={4} data-testid="work-status" data-status={work.status}>
      <Group gap={6}>
        <Badge size="sm" variant="light" color={STATUS_COLORS[work.status]}>
          {t(`status.${work.status}`)}
        </Badge>
        {active && <Text size="xs">{work.progress}%</Text>}
        {work.final_saved && (
          <Badge size="sm" variant="outline" color="dark" data-testid="work-final-saved">
            {t('list.finalSaved')}
          </Badge>
        )}
      </Group>
      {active && <Progress value={work.progress} size="sm" animated />}
      {work.status === 'error' && work.message && (
        <Tooltip label={work.message} multiline w={300}>
          <Text size="xs" c="red" lineClamp={1}>
            {work.message}
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

export function AvailabilityBadge({ work }: { work: Work }) {
  const { t } = useTranslation('processing');
  return (
    <Stack gap={2} data-testid="work-availability" data-availability={work.availability}>
      <Badge size="sm" variant="dot" color={AVAILABILITY_COLORS[work.availability]}>
        {t(`availability.${work.availability}`)}
      </Badge>
      {work.availability === 'in_use_other' && work.locked_by_name && (
        <Text size="xs" c="dimmed">
          {t('list.lockedBy', { name: work.locked_by_name })}
        </Text>
      )}
    </Stack>
  );
}
