// The greeting strip of the home page with the user's project and line counts.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import classes from './WelcomeBanner.module.css';

export interface WelcomeStats {
  projects: number;
  lines: number;
  expired: number;
}

export function WelcomeBanner({ name, role, stats }: { name: string; role: string; stats: WelcomeStats }) {
  const { t, i18n } = useTranslation('home');
  const date = dayjs().format(i18n.language === 'ko' ? 'YYYY년 M월 D일' : 'MMM D, YYYY');
  return (
    <Paper radius="lg" className={classes.banner}>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" fw={600} className={classes.muted}>
            {role} · {date}
          </Text>
          <Title order={1} fz={26} c="white" style={{ letterSpacing: '-0.02em' }}>
            {t('greeting', { name })}
          </Title>
          <Text size="sm" className={classes.muted}>
            {t('subtitle')}
          </Text>
        </Stack>
        <Group gap={12} wrap="nowrap">
          {(['projects', 'lines', 'expired'] as const).map((k) => (
            <div key={k} className={classes.stat}>
              <Text fz={24} fw={800} lh={1.1} c="white">
                {stats[k]}
              </Text>
              <Text size="xs" className={classes.muted}>
                {t(`stats.${k}`)}
              </Text>
            </div>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
