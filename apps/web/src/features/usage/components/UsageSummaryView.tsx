// Usage status: counts by processing type (SPEC §2: new, merge, AI supervised, AI unsupervised,
// augmented, external) as cards and a bar chart, and the job groups with their outcomes and times.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { UsageSummary } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { duration, toCsv } from '../utils/csv';

export const MAIN_TYPES = [
  'new',
  'merge',
  'ai_supervised',
  'ai_unsupervised',
  'augmentation',
  'external',
] as const;

export function summaryCsv(s: UsageSummary, t: (k: string) => string): string {
  const rows: (string | number)[][] = [
    ...MAIN_TYPES.map((k) => [t('section.processing'), t(`type.${k}`), s.processing[k], '', '', '', '', '']),
    ...s.jobs.map((g) => [
      t('section.jobs'),
      t(`group.${g.group}`),
      g.total,
      g.succeeded,
      g.failed,
      g.cancelled,
      g.active,
      duration(g.run_seconds),
    ]),
  ];
  return toCsv(
    [
      t('col.section'),
      t('col.item'),
      t('col.total'),
      t('col.succeeded'),
      t('col.failed'),
      t('col.cancelled'),
      t('col.active'),
      t('col.runTime'),
    ],
    rows,
  );
}

export function UsageSummaryView({ data, loading }: { data?: UsageSummary; loading: boolean }) {
  const { t } = useTranslation('usage');
  if (loading) return <Spinner />;
  if (!data) return <EmptyState />;
  const chart = MAIN_TYPES.map((k) => ({ type: t(`type.${k}`), count: data.processing[k] }));
  return (
    <Stack gap="md" data-testid="usage-summary" data-total-jobs={data.total_jobs}>
      <SimpleGrid cols={6} spacing="sm">
        {MAIN_TYPES.map((k) => (
          <Paper key={k} withBorder radius="md" p="sm" data-testid={`usage-type-${k}`}>
            <Text size="xs" c="dimmed">
              {t(`type.${k}`)}
            </Text>
            <Text fz={24} fw={700}>
              {data.processing[k]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Text fw={700} size="sm" mb="xs">
            {t('section.processing')}
          </Text>
          <BarChart
            h={220}
            data={chart}
            dataKey="type"
            series={[{ name: 'count', label: t('col.total'), color: 'crimson.7' }]}
          />
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" mb="xs">
            <Text fw={700} size="sm">
              {t('section.jobs')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('totalJobs', { count: data.total_jobs })}
            </Text>
          </Group>
          <Table striped data-testid="usage-groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('col.item')}</Table.Th>
                <Table.Th>{t('col.total')}</Table.Th>
                <Table.Th>{t('col.succeeded')}</Table.Th>
                <Table.Th>{t('col.failed')}</Table.Th>
                <Table.Th>{t('col.active')}</Table.Th>
                <Table.Th>{t('col.runTime')}</Table.Th>
                <Table.Th>{t('col.avgWait')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.jobs.map((g) => (
                <Table.Tr key={g.group} data-testid={`usage-group-${g.group}`} data-total={g.total}>
                  <Table.Td>{t(`group.${g.group}`)}</Table.Td>
                  <Table.Td>{g.total}</Table.Td>
                  <Table.Td>{g.succeeded}</Table.Td>
                  <Table.Td>{g.failed}</Table.Td>
                  <Table.Td>{g.active}</Table.Td>
                  <Table.Td>{duration(g.run_seconds)}</Table.Td>
                  <Table.Td>{duration(g.avg_wait_seconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
