// "/": the project picker and start page (only role 1 stays here; others are sent to /train).
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABEL_KEYS } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { chooseProject } from '../../../session/session-actions';
import { isExpired } from '../../../session/project-picker';
import { useSession } from '../../../session/store';
import { AdminShortcuts } from '../components/AdminShortcuts';
import { ProjectCard } from '../components/ProjectCard';
import { WelcomeBanner } from '../components/WelcomeBanner';

export default function HomePage() {
  const { t } = useTranslation('home');
  const user = useSession((s) => s.user);
  const current = useSession((s) => s.currentProject);
  const denied = useSession((s) => s.deniedProjectIds);
  if (!user) return null;
  const expiredOf = (id: number, end?: string | null) => denied.includes(id) || isExpired(end);
  const stats = {
    projects: user.projects.length,
    lines: user.projects.reduce((n, p) => n + p.lines.length, 0),
    expired: user.projects.filter((p) => expiredOf(p.id, p.end_date)).length,
  };
  return (
    <Stack gap={28} maw={1180} mx="auto" w="100%">
      <WelcomeBanner
        name={user.name || user.username}
        role={t(`common:${ROLE_LABEL_KEYS[user.role_id]}`)}
        stats={stats}
      />
      <section>
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={18}>
            {t('projects')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('count', { count: user.projects.length })}
          </Text>
        </Group>
        {user.projects.length === 0 ? (
          <Card withBorder radius="lg">
            <EmptyState message={t('empty')} />
          </Card>
        ) : (
          <SimpleGrid cols={3} spacing="lg" data-testid="project-grid">
            {user.projects.map((p) => (
              <ProjectCard
                key={p.id}
                project={p}
                current={current?.id === p.id}
                expired={expiredOf(p.id, p.end_date)}
                onOpen={() => void chooseProject(p)}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      <section>
        <Title order={2} fz={18} mb="sm">
          {t('shortcuts')}
        </Title>
        <AdminShortcuts />
      </section>
    </Stack>
  );
}
