// /intro: what the product does, as the five steps of its workflow (SPEC §1).
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconActivity,
  IconArrowRight,
  IconChartDots,
  IconSchool,
  IconTags,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../session/store';

const STEPS = [
  { key: 'upload', icon: IconUpload },
  { key: 'label', icon: IconTags },
  { key: 'learn', icon: IconSchool },
  { key: 'evaluate', icon: IconChartDots },
  { key: 'monitor', icon: IconActivity },
] as const;

export default function IntroPage() {
  const { t } = useTranslation('public');
  const user = useSession((s) => s.user);
  return (
    <Stack gap={40} maw={1100} mx="auto" py="xl">
      <Stack gap="md" align="center" ta="center">
        <Text c="crimson.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('intro.eyebrow')}
        </Text>
        <Title order={1} fz={34} maw={760} style={{ letterSpacing: '-0.02em' }}>
          {t('intro.title')}
        </Title>
        <Text c="dimmed" maw={640}>
          {t('intro.body')}
        </Text>
        <Button
          component={Link}
          to={user ? '/' : '/auth/login'}
          size="md"
          radius="xl"
          rightSection={<IconArrowRight size={16} />}
          mt="xs"
        >
          {t('intro.start')}
        </Button>
      </Stack>
      <SimpleGrid cols={5} spacing="md">
        {STEPS.map((s, i) => (
          <Paper key={s.key} withBorder radius="lg" p="lg">
            <Group justify="space-between" mb="sm">
              <ThemeIcon size={40} radius="md" variant="light">
                <s.icon size={22} stroke={1.7} />
              </ThemeIcon>
              <Text fw={800} c="gray.4" fz={22}>
                {String(i + 1).padStart(2, '0')}
              </Text>
            </Group>
            <Text fw={700} mb={4}>
              {t(`intro.steps.${s.key}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`intro.steps.${s.key}.body`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
