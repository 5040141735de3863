// /monitoring/inspection/sampling: sample now (the schedule does it at 00:00), confirm or correct sampled
// judgements, escape and overkill rates with 95 % intervals next to the training performance.
import { useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InspectionRow } from '@sightline/domain';
import { Pager } from '../../../components/Pager';
import { flash } from '../../../components/flash';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { InspectionTable } from '../components/InspectionTable';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

export default function SamplingPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const qc = useQueryClient();
  const lineId = line?.id ?? 0;
  const [page, setPage] = useState(1);
  const q = { line_id: lineId, page, perPage: 10 };
  const samples = useQuery({
    queryKey: monitoringKeys.samples(q),
    queryFn: () => monitoringApi.samples(q),
    enabled: !!lineId,
  });
  const quality = useQuery({
    queryKey: monitoringKeys.quality(lineId),
    queryFn: () => monitoringApi.quality(lineId),
    enabled: !!lineId,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['monitoring'] });
  const sample = useMutation({
    mutationFn: () => monitoringApi.sample(lineId),
    onSuccess: (r) => {
      flash('success', t('sampling.sampled', { n: r.sampled }));
      refresh();
    },
  });
  const toDataset = useMutation({
    mutationFn: () => monitoringApi.correctionsDataset(lineId),
    onSuccess: (r) => flash('success', t('sampling.datasetMade', { name: r.name, n: r.images })),
  });
  const verify = useMutation({
    mutationFn: (v: { id: string; judgement: 'OK' | 'NG' }) => monitoringApi.verify(v.id, v.judgement),
    onSuccess: refresh,
  });
  const actions = (r: InspectionRow) => {
    const other = r.judgement === 'OK' ? 'NG' : 'OK';
    return (
      <Group gap={6}>
        {r.verified_judgement ? (
          <Badge color={r.verified_judgement === r.judgement ? 'teal' : 'orange'} data-testid="verified">
            {t('sampling.verified')}: {r.verified_judgement}
          </Badge>
        ) : (
          <Badge color="gray">{t('sampling.unverified')}</Badge>
        )}
        <Button
          size="xs"
          variant="light"
          onClick={() => verify.mutate({ id: r.id, judgement: r.judgement })}
          data-testid="verify-confirm"
        >
          {t('sampling.confirm')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => verify.mutate({ id: r.id, judgement: other })}
          data-testid="verify-correct"
        >
          {t('sampling.correct')} → {other}
        </Button>
      </Group>
    );
  };
  const qd = quality.data;
  return (
    <MonitoringFrame
      title={t('sampling.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="sampling-page"
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => toDataset.mutate()}
            loading={toDataset.isPending}
            disabled={!quality.data?.corrected}
            data-testid="corrections-dataset"
          >
            {t('sampling.toDataset')}
          </Button>
          <Button onClick={() => sample.mutate()} loading={sample.isPending} data-testid="sample-now">
            {t('sampling.sampleNow')}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {qd && (
          <SimpleGrid cols={3}>
            {(['escape', 'overkill'] as const).map((k) => (
              <Paper key={k} withBorder radius="lg" p="md">
                <Text size="sm" c="dimmed">
                  {t(`sampling.${k}`)}
                </Text>
                <Text fz={24} fw={700} data-testid={`quality-${k}`}>
                  {pct(qd[k].rate)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('sampling.ci')}: {pct(qd[k].low)} – {pct(qd[k].high)}
                </Text>
              </Paper>
            ))}
            <Paper withBorder radius="lg" p="md">
              <Text size="sm" c="dimmed">
                {t('sampling.verifiedCount', { n: qd.verified, c: qd.corrected })}
              </Text>
              <Text size="sm">
                {t('sampling.promised')}:{' '}
                {Object.entries(qd.promised)
                  .slice(0, 3)
                  .map(([k, v]) => `${k} ${v.toFixed(3)}`)
                  .join(', ')}
              </Text>
            </Paper>
          </SimpleGrid>
        )}
        {samples.data && (
          <Paper withBorder radius="lg" p="md">
            <InspectionTable rows={samples.data.data} extra={actions} />
            <Pager page={page} total={samples.data.total} perPage={10} onChange={setPage} />
          </Paper>
        )}
      </Stack>
    </MonitoringFrame>
  );
}
