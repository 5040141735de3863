// /monitoring: line status — counts OK/NG, NG rate, throughput, latency, recent NG images — pushed live
// over server-sent events (the server relays PostgreSQL NOTIFY, so any server process's inspections show).
import { useEffect, useState } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MONITORING_INTERVAL_MS, type LineStatus } from '@sightline/domain';
import { openEventStream } from '../../../api/event-stream';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { InspectionThumb } from '../components/InspectionThumb';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

export default function LineStatusPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const lineId = line?.id;
  const first = useQuery({
    queryKey: monitoringKeys.status(lineId ?? 0),
    queryFn: ({ signal }) => monitoringApi.status(lineId!, signal),
    enabled: !!lineId,
  });
  const drift = useQuery({
    queryKey: monitoringKeys.drift(lineId ?? 0),
    queryFn: () => monitoringApi.drift(lineId!),
    enabled: !!lineId,
    refetchInterval: MONITORING_INTERVAL_MS * 12,
    meta: { silent: true },
  });
  const [live, setLive] = useState<LineStatus | null>(null);
  useEffect(() => {
    setLive(null);
    if (!lineId) return;
    return openEventStream(
      `/api/v2/monitoring/lines/${lineId}/status/events`,
      {},
      {
        status: (d) => setLive(d as LineStatus),
      },
    );
  }, [lineId]);
  const s = live ?? first.data;
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

  return (
    <MonitoringFrame
      title={t('status.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="line-status"
      actions={
        live && (
          <Badge color="green" variant="dot">
            {t('live')}
          </Badge>
        )
      }
    >
      {s && (
        <Stack gap="md">
          <Paper withBorder radius="lg" p="md">
            {s.deployment ? (
              <Group gap="xl">
                <Text fw={600}>
                  {t('status.model')}: <span data-testid="status-model">{s.deployment.model.name}</span>
                </Text>
                <Text>
                  {t('status.threshold')}: {s.deployment.threshold}
                </Text>
                <Text c="dimmed" size="sm">
                  {t('status.window', { n: s.window_minutes })} · {t('status.updated')}{' '}
                  {new Date(s.updated_at).toLocaleTimeString()}
                </Text>
              </Group>
            ) : (
              <Text c="dimmed">{t('status.noDeployment')}</Text>
            )}
          </Paper>
          <SimpleGrid cols={6}>
            <Kpi label={t('status.total')} value={String(s.total)} testId="kpi-total" />
            <Kpi label={t('ok')} value={String(s.ok)} testId="kpi-ok" />
            <Kpi label={t('ng')} value={String(s.ng)} testId="kpi-ng" />
            <Kpi label={t('status.ngRate')} value={pct(s.ng_rate)} testId="kpi-ng-rate" />
            <Kpi
              label={t('status.throughput')}
              value={s.throughput_per_min.toFixed(1)}
              testId="kpi-throughput"
            />
            <Kpi
              label={t('status.latency')}
              value={`${Math.round(s.latency_ms.p50)} / ${Math.round(s.latency_ms.p95)}`}
              testId="kpi-latency"
            />
          </SimpleGrid>
          {drift.data && s.deployment && (
            <Paper withBorder radius="lg" p="sm" data-testid="status-drift">
              <Group gap="md">
                <Text size="sm" fw={600}>
                  {t('status.drift')}
                </Text>
                {drift.data.current_count + drift.data.reference_count <= 200 ? (
                  <Text size="sm" c="dimmed">
                    {t('status.driftPending')}
                  </Text>
                ) : (
                  <>
                    <Badge color={drift.data.drifted ? 'orange' : 'teal'}>
                      {drift.data.drifted ? t('status.drifted') : t('status.stable')}
                    </Badge>
                    {Object.entries(drift.data.psi).map(([k, v]) => (
                      <Text key={k} size="sm" c={v > drift.data!.threshold ? 'orange' : 'dimmed'}>
                        {k} {v.toFixed(2)}
                      </Text>
                    ))}
                  </>
                )}
              </Group>
            </Paper>
          )}
          <Text size="sm" c="dimmed" data-testid="status-today">
            {t('status.today')}: {s.today.total} ({t('ok')} {s.today.ok} / {t('ng')} {s.today.ng})
          </Text>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb="sm">
              {t('status.recentNg')}
            </Text>
            {s.recent_ng.length ? (
              <Group gap="sm" data-testid="recent-ng">
                {s.recent_ng.map((r) => (
                  <Stack key={r.id} gap={2} align="center">
                    <InspectionThumb id={r.id} src={r.prediction_url} size={110} />
                    <Text size="xs">{r.serial_number}</Text>
                    <Text size="xs" c="red">
                      {r.class_name ?? 'NG'}
                    </Text>
                  </Stack>
                ))}
              </Group>
            ) : (
              <Text c="dimmed">{t('status.noNg')}</Text>
            )}
          </Paper>
        </Stack>
      )}
    </MonitoringFrame>
  );
}
