// /status: the live system page for the system and service admins, on GET /api/status (which builds on
// /api/health): database, queue, workers, storage, disk, trainer and the job queue, refreshed every 5 s.
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Role, type SystemStatus } from '@sightline/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/store';

const gb = (b: number) => `${(b / 1024 ** 3).toFixed(1)} GB`;

function Card({ name, ok, children }: { name: string; ok: boolean; children: ReactNode }) {
  const { t } = useTranslation('status');
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`status-${name}`} data-ok={ok}>
      <Group justify="space-between" mb={6}>
        <Text fw={700}>{t(`card.${name}`)}</Text>
        <Badge color={ok ? 'teal' : 'red'} variant="light">
          {ok ? t('ok') : t('problem')}
        </Badge>
      </Group>
      <Stack gap={2}>{children}</Stack>
    </Paper>
  );
}

const Line = ({ label, value }: { label: string; value: ReactNode }) => (
  <Group justify="space-between">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {value}
    </Text>
  </Group>
);

export default function StatusPage() {
  const { t } = useTranslation('status');
  const role = useSession((s) => s.user?.role_id ?? 99);
  const allowed = role <= Role.ServiceAdmin;
  const { data, isLoading } = useQuery({
    queryKey: ['status'],
    queryFn: () => api.get<SystemStatus>('/api/status'),
    refetchInterval: 5000,
    enabled: allowed,
  });
  if (!allowed) return <EmptyState message={t('forbidden')} />;
  if (isLoading || !data) return <Spinner />;
  const h = data.health;
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%" data-testid="status-page" data-status={data.status}>
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('title')}
        </Title>
        <Group gap="xs">
          <Badge size="lg" color={data.status === 'ok' ? 'teal' : 'orange'} data-testid="status-overall">
            {data.status === 'ok' ? t('allOk') : t('degraded')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('checkedAt', { at: dayjs(data.checked_at).format('HH:mm:ss') })}
          </Text>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="md">
        <Card name="database" ok={h.db.ok}>
          <Line label={t('latency')} value={`${h.db.latencyMs} ms`} />
        </Card>
        <Card name="queue" ok={h.queue.ok}>
          <Line label={t('queued')} value={h.queue.queued} />
          <Line label={t('active')} value={h.queue.active} />
        </Card>
        <Card name="workers" ok={h.workers.alive >= h.workers.expected}>
          <Line label={t('alive')} value={`${h.workers.alive} / ${h.workers.expected}`} />
          <Line label={t('lost')} value={h.workers.lost} />
          {h.workers.recentLosses.slice(0, 2).map((l) => (
            <Text key={l.id} size="xs" c="red">
              {t('lostAt', { host: `${l.hostname}:${l.pid}`, at: dayjs(l.lostAt).format('HH:mm:ss') })}
            </Text>
          ))}
        </Card>
        <Card name="storage" ok={data.storage.ok}>
          <Line label={t('kind')} value={data.storage.kind} />
          <Line
            label={t('latency')}
            value={data.storage.latency_ms === null ? '-' : `${data.storage.latency_ms} ms`}
          />
          {data.storage.error && (
            <Text size="xs" c="red">
              {data.storage.error}
            </Text>
          )}
        </Card>
        <Card name="disk" ok={data.disk.ok}>
          <Line label={t('free')} value={`${gb(data.disk.free_bytes)} / ${gb(data.disk.total_bytes)}`} />
          <Progress value={data.disk.used_pct} color={data.disk.used_pct > 90 ? 'red' : 'crimson'} mt={4} />
          <Text size="xs" c="dimmed" truncate>
            {data.disk.path} · {data.disk.used_pct}%
          </Text>
        </Card>
        <Card name="trainer" ok={data.trainer.ok}>
          <Line label="PyTorch" value={data.trainer.torch ?? '-'} />
          <Line label={t('threads')} value={data.trainer.threads ?? '-'} />
          {data.trainer.error && (
            <Text size="xs" c="red" lineClamp={2}>
              {data.trainer.error}
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" data-testid="status-jobs">
        <Group gap="xl">
          <Text fw={700}>{t('card.jobs')}</Text>
          <Line label={t('running')} value={data.jobs.running} />
          <Line label={t('queued')} value={data.jobs.queued} />
          <Line label={t('failed24h')} value={data.jobs.failed_24h} />
        </Group>
      </Paper>
    </Stack>
  );
}
