// One project on the home picker: title, code, company, lines, end date; opening checks the limit.
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconArrowRight, IconCalendar, IconFolder, IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserProject } from '../../../session/types';
import classes from './ProjectCard.module.css';

export function ProjectCard({
  project,
  current,
  expired,
  onOpen,
}: {
  project: UserProject;
  current: boolean;
  expired: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation('home');
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      data-current={current || undefined}
      data-testid={`project-card-${project.id}`}
    >
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap={10} wrap="nowrap" style={{ minWidth: 0 }}>
          <div className={classes.icon}>
            <IconFolder size={18} stroke={1.8} />
          </div>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {project.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {project.code}
              {project.company ? ` · ${project.company.name}` : ''}
            </Text>
          </div>
        </Group>
        {current && (
          <Badge variant="light" style={{ flex: 'none' }}>
            {t('current')}
          </Badge>
        )}
        {expired && <Badge color="gray">{t('expired')}</Badge>}
      </Group>
      <Group gap="lg" mt="md">
        <Group gap={6}>
          <IconTimeline size={15} color="var(--mantine-color-gray-6)" />
          <Text size="xs" c="dimmed">
            {t('lines', { count: project.lines.length })}
          </Text>
        </Group>
        <Group gap={6}>
          <IconCalendar size={15} color="var(--mantine-color-gray-6)" />
          <Text size="xs" c="dimmed">
            {project.end_date ? t('endDate', { date: project.end_date.slice(0, 10) }) : t('noEnd')}
          </Text>
        </Group>
      </Group>
      <Button
        mt="lg"
        fullWidth
        variant={current ? 'filled' : 'light'}
        rightSection={<IconArrowRight size={16} />}
        onClick={onOpen}
        disabled={expired}
      >
        {t('open')}
      </Button>
    </Card>
  );
}
