// /monitoring/model-history: every deployment of the line (SPEC §3 Model history: applicable period,
// train date / performance / count, inference date / performance / count, algorithm, description), the
// model history detail dialog, and a rollback to the previous model.
import { useState } from 'react';
import { Badge, Button, Modal, Paper, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Deployment } from '@sightline/domain';
import { FactGrid } from '../../../components/FactGrid';
import { confirm } from '../../../components/confirm';
import { flash } from '../../../components/flash';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

const date = (s: string | null) => (s ? new Date(s).toLocaleString() : '-');
const perf = (p: Record<string, number>) =>
  Object.entries(p)
    .filter(([, v]) => typeof v === 'number')
    .slice(0, 2)
    .map(([k, v]) => `${k} ${v <= 1 ? v.toFixed(3) : v}`)
    .join(', ') || '-';

export default function ModelHistoryPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const qc = useQueryClient();
  const lineId = line?.id ?? 0;
  const hist = useQuery({
    queryKey: monitoringKeys.history(lineId),
    queryFn: () => monitoringApi.history(lineId),
    enabled: !!lineId,
  });
  const [detail, setDetail] = useState<Deployment | null>(null);
  const rollback = useMutation({
    mutationFn: () => monitoringApi.rollback(lineId),
    onSuccess: () => {
      flash('success', t('history.rolledBack'));
      void qc.invalidateQueries({ queryKey: ['monitoring'] });
    },
  });
  const c = (k: string) => t(`history.columns.${k}`);
  return (
    <MonitoringFrame
      title={t('history.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="model-history"
      actions={
        <Button
          variant="default"
          data-testid="rollback"
          disabled={(hist.data?.length ?? 0) < 2}
          loading={rollback.isPending}
          onClick={async () => {
            if (await confirm({ title: t('history.rollback'), message: t('history.rollbackConfirm') }))
              rollback.mutate();
          }}
        >
          {t('history.rollback')}
        </Button>
      }
    >
      <Paper withBorder radius="lg" p="md">
        {hist.data && !hist.data.length ? (
          <Text c="dimmed">{t('history.empty')}</Text>
        ) : (
          <Table striped highlightOnHover data-testid="history-table">
            <Table.Thead>
              <Table.Tr>
                {[
                  'model',
                  'period',
                  'trainDate',
                  'trainPerf',
                  'trainCount',
                  'inferenceDate',
                  'inferencePerf',
                  'inferenceCount',
                  'algorithm',
                  'description',
                ].map((k) => (
                  <Table.Th key={k}>{c(k)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(hist.data ?? []).map((d) => (
                <Table.Tr
                  key={d.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setDetail(d)}
                  data-testid="history-row"
                >
                  <Table.Td>
                    {d.model.name} {d.active && <Badge size="xs">{t('history.active')}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {d.period.start ?? '-'} ~ {d.period.end ?? '-'}
                  </Table.Td>
                  <Table.Td>{date(d.train.date)}</Table.Td>
                  <Table.Td>{perf(d.train.performance)}</Table.Td>
                  <Table.Td>{d.train.count ?? '-'}</Table.Td>
                  <Table.Td>{date(d.inference.date)}</Table.Td>
                  <Table.Td>{perf(d.inference.performance)}</Table.Td>
                  <Table.Td>{d.inference.count}</Table.Td>
                  <Table.Td>{d.algorithm}</Table.Td>
                  <Table.Td>{d.description || '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Modal opened={!!detail} onClose={() => setDetail(null)} title={t('history.detail')} size="lg">
        {detail && (
          <FactGrid
            cols={2}
            facts={[
              [c('model'), `${detail.model.name} (${detail.task})`],
              [t('status.threshold'), String(detail.threshold)],
              [c('period'), `${detail.period.start ?? '-'} ~ ${detail.period.end ?? '-'}`],
              [c('trainDate'), date(detail.train.date)],
              [c('trainPerf'), perf(detail.train.performance)],
              [c('trainCount'), String(detail.train.count ?? '-')],
              [c('inferenceDate'), date(detail.inference.date)],
              [c('inferencePerf'), perf(detail.inference.performance)],
              [c('inferenceCount'), String(detail.inference.count)],
              [c('algorithm'), detail.algorithm],
              [c('description'), detail.description || '-'],
            ]}
          />
        )}
      </Modal>
    </MonitoringFrame>
  );
}
