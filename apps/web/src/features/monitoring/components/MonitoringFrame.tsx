// The frame of every monitoring page: title, the line picker, the page's actions; an honest message when
// the project has no lines (SPEC §4: role 3 with no lines stays on /monitoring).
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectLine } from '../../../session/types';
import { LinePicker } from './LinePicker';

interface Props {
  title: ReactNode;
  lines: ProjectLine[];
  line: ProjectLine | null;
  onLine: (l: ProjectLine) => void;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function MonitoringFrame({ title, lines, line, onLine, actions, testId, children }: Props) {
  const { t } = useTranslation('monitoring');
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between" align="center">
        <Group gap="md">
          <Title order={1} fz={24}>
            {title}
          </Title>
          {lines.length > 0 && <LinePicker lines={lines} line={line} onChange={onLine} />}
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {line ? children : <Text c="dimmed">{t('noLine')}</Text>}
    </Stack>
  );
}
