// /monitoring/line (also /report, /report/search, /index_dummy): the line report by 6 h / 12 h / 1 day over
// at most 30 days — OK/NG per period (chart), NG by type; the line type and line period report dialogs
// show the NG images; CSV export.
import { useState } from 'react';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LINE_REPORT_MAX_DAYS, REPORT_PERIODS, type ReportPeriod } from '@sightline/domain';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { NgImagesDialog, type NgImagesFilter } from '../components/NgImagesDialog';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HOURS: Record<ReportPeriod, number> = { '6h': 6, '12h': 12, '1d': 24 };

export default function LineReportPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const [from, setFrom] = useState(day(-6));
  const [to, setTo] = useState(day(1));
  const [period, setPeriod] = useState<ReportPeriod>('1d');
  const [query, setQuery] = useState<{ from: string; to: string; period: ReportPeriod } | null>(() => ({
    from: new Date(day(-6)).toISOString(),
    to: new Date(day(1)).toISOString(),
    period: '1d',
  }));
  const [dialog, setDialog] = useState<NgImagesFilter | null>(null);
  const q = query && line ? { ...query, line_id: line.id } : null;
  const res = useQuery({
    queryKey: monitoringKeys.report(q ?? {}),
    queryFn: () => monitoringApi.lineReport(q!),
    enabled: !!q,
    retry: false,
  });
  const r = res.data;
  const label = (iso: string) => {
    const d = new Date(iso);
    return period === '1d' ? d.toLocaleDateString() : `${d.toLocaleDateString()} ${d.getHours()}h`;
  };
  return (
    <MonitoringFrame
      title={t('lineReport.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="line-report"
      actions={
        q && (
          <Button
            variant="default"
            onClick={() => void monitoringApi.csv('line-report.csv', q, 'line-report.csv')}
          >
            {t('report.csv')}
          </Button>
        )
      }
    >
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Group align="end">
            <TextInput
              type="date"
              label={t('report.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              data-testid="line-report-from"
            />
            <TextInput
              type="date"
              label={t('report.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              data-testid="line-report-to"
            />
            <SegmentedControl
              value={period}
              onChange={(v) => setPeriod(v as ReportPeriod)}
              data={REPORT_PERIODS.map((p) => ({ value: p, label: t(`lineReport.periods.${p}`) }))}
              data-testid="line-report-period"
            />
            <Button
              data-testid="line-report-search"
              onClick={() =>
                setQuery({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), period })
              }
            >
              {t('report.search')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('lineReport.maxDays', { n: LINE_REPORT_MAX_DAYS })}
            </Text>
          </Group>
        </Paper>
        {r && line && (
          <>
            <SimpleGrid cols={3}>
              {[
                [t('lineReport.total'), r.total, 'report-total'],
                [t('ok'), r.ok, 'report-ok'],
                [t('ng'), r.ng, 'report-ng'],
              ].map(([l, v, id]) => (
                <Paper key={id} withBorder radius="lg" p="md">
                  <Text size="sm" c="dimmed">
                    {l}
                  </Text>
                  <Text fz={24} fw={700} data-testid={id}>
                    {v}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Paper withBorder radius="lg" p="md">
              <Text fw={600} mb="xs">
                {t('lineReport.byPeriod')}
              </Text>
              <BarChart
                h={220}
                data={r.buckets.map((b) => ({ ...b, label: label(b.start) }))}
                dataKey="label"
                type="stacked"
                series={[
                  { name: 'ok', label: t('ok'), color: 'teal.6' },
                  { name: 'ng', label: t('ng'), color: 'red.6' },
                ]}
                withLegend
                barChartProps={{
                  onClick: (e) => {
                    const b = r.buckets[Number(e?.activeTooltipIndex)];
                    if (!b) return;
                    const end = new Date(
                      new Date(b.start).getTime() + HOURS[r.period] * 3_600_000,
                    ).toISOString();
                    setDialog({
                      title: `${t('lineReport.periodDialog')} · ${label(b.start)}`,
                      lineId: line.id,
                      from: b.start,
                      to: end,
                    });
                  },
                }}
              />
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Text fw={600} mb="xs">
                {t('lineReport.byType')}
              </Text>
              <Table data-testid="report-by-type">
                <Table.Tbody>
                  {r.by_class.map((c) => (
                    <Table.Tr
                      key={c.class_name}
                      style={{ cursor: 'pointer' }}
                      onClick={() =>
                        setDialog({
                          title: `${t('lineReport.typeDialog')} · ${c.class_name}`,
                          lineId: line.id,
                          from: r.from,
                          to: r.to,
                          className: c.class_name,
                        })
                      }
                    >
                      <Table.Td>{c.class_name}</Table.Td>
                      <Table.Td>{c.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  data-testid="report-period-dialog"
                  onClick={() =>
                    setDialog({
                      title: t('lineReport.periodDialog'),
                      lineId: line.id,
                      from: r.from,
                      to: r.to,
                    })
                  }
                >
                  {t('lineReport.periodDialog')}
                </Button>
              </Group>
            </Paper>
          </>
        )}
      </Stack>
      <NgImagesDialog filter={dialog} onClose={() => setDialog(null)} />
    </MonitoringFrame>
  );
}
