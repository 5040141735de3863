// Monthly trend: work counts per month (bar chart) and run hours / average waiting (line chart), with
// the table the CSV export holds.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { UsageTrendMonth } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { toCsv } from '../utils/csv';

const KEYS = ['processing', 'learning', 'inference', 'compare'] as const;

export function trendCsv(rows: UsageTrendMonth[], t: (k: string) => string): string {
  return toCsv(
    [t('col.month'), ...KEYS.map((k) => t(`group.${k}`)), t('col.runHours'), t('col.avgWaitMinutes')],
    rows.map((r) => [r.month, ...KEYS.map((k) => r[k]), r.run_hours, r.avg_wait_minutes]),
  );
}

export function UsageTrendView({ data, loading }: { data?: UsageTrendMonth[]; loading: boolean }) {
  const { t } = useTranslation('usage');
  if (loading) return <Spinner />;
  if (!data?.length) return <EmptyState />;
  const colors = { processing: 'grape.6', learning: 'crimson.7', inference: 'blue.6', compare: 'teal.6' };
  return (
    <Stack gap="md" data-testid="usage-trend" data-months={data.length}>
      <SimpleGrid cols={2} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Text fw={700} size="sm" mb="xs">
            {t('section.monthlyCounts')}
          </Text>
          <BarChart
            h={240}
            data={data}
            dataKey="month"
            type="stacked"
            withLegend
            series={KEYS.map((k) => ({ name: k, label: t(`group.${k}`), color: colors[k] }))}
          />
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Text fw={700} size="sm" mb="xs">
            {t('section.monthlyTimes')}
          </Text>
          <LineChart
            h={240}
            data={data}
            dataKey="month"
            withLegend
            series={[
              { name: 'run_hours', label: t('col.runHours'), color: 'crimson.7' },
              { name: 'avg_wait_minutes', label: t('col.avgWaitMinutes'), color: 'gray.6' },
            ]}
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col.month')}</Table.Th>
              {KEYS.map((k) => (
                <Table.Th key={k}>{t(`group.${k}`)}</Table.Th>
              ))}
              <Table.Th>{t('col.runHours')}</Table.Th>
              <Table.Th>{t('col.avgWaitMinutes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...data].reverse().map((r) => (
              <Table.Tr
                key={r.month}
                data-testid="usage-trend-row"
                data-month={r.month}
                data-learning={r.learning}
              >
                <Table.Td>{r.month}</Table.Td>
                {KEYS.map((k) => (
                  <Table.Td key={k}>{r[k]}</Table.Td>
                ))}
                <Table.Td>{r.run_hours.toFixed(2)}</Table.Td>
                <Table.Td>{r.avg_wait_minutes.toFixed(1)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
