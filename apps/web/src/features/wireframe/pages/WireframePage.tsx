// /wireframe: a map of every screen of the product for onboarding, generated from the route table
// (app/routes.tsx): one card per area, each screen with its title, path, layout and a link.
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_ROUTES } from '../../../app/routes';
import { screenMap } from '../utils/screen-map';

export default function WireframePage() {
  const { t } = useTranslation('status');
  const groups = screenMap(APP_ROUTES);
  return (
    <Stack gap="md" data-testid="wireframe-page" data-screens={APP_ROUTES.length}>
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('wireframe.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wireframe.count', { count: APP_ROUTES.length })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('wireframe.intro')}
      </Text>
      <SimpleGrid cols={3} spacing="md">
        {groups.map((g) => (
          <Paper key={g.area} withBorder radius="lg" p="md" data-testid={`wireframe-area-${g.area}`}>
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{t(`wireframe.area.${g.area}`)}</Text>
              <Badge variant="light" color="gray">
                {g.screens.length}
              </Badge>
            </Group>
            <Stack gap={4}>
              {g.screens.map((s) => (
                <Group key={s.path} gap={6} wrap="nowrap" justify="space-between">
                  <Anchor component={Link} to={s.href} size="sm" data-testid="wireframe-link" truncate>
                    {s.path}
                  </Anchor>
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate maw={120}>
                      {t(s.title)}
                    </Text>
                    {s.public && (
                      <Badge size="xs" color="teal" variant="light">
                        {t('wireframe.public')}
                      </Badge>
                    )}
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
