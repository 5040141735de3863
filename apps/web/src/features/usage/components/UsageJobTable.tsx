// Jobs as resource monitoring shows them (SPEC §3): start, request, requestor, work, progress, progress
// time, waiting time, algorithm, work type, project. Also the statistics' training lists.
import { Badge, Group, Paper, Progress, Table, Text } from '@mantine/core';
import type { UsageJob } from '@sightline/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { duration, toCsv } from '../utils/csv';

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');
const COLOR: Record<string, string> = {
  running: 'blue',
  queued: 'yellow',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

export function jobsCsv(rows: UsageJob[], t: (k: string) => string): string {
  return toCsv(
    [
      'startTime',
      'requestTime',
      'requestor',
      'workName',
      'status',
      'progress',
      'progressTime',
      'waitingTime',
      'algorithm',
      'workType',
      'project',
    ].map((k) => t(`col.${k}`)),
    rows.map((r) => [
      fmt(r.started_at),
      fmt(r.requested_at),
      r.requestor,
      r.work_name,
      t(`status.${r.status}`),
      r.progress,
      duration(r.progress_seconds),
      duration(r.waiting_seconds),
      r.algorithm,
      `${t(`group.${r.group}`)}${r.work_type ? ` (${r.work_type})` : ''}`,
      r.project_name,
    ]),
  );
}

export function UsageJobTable({
  rows,
  loading,
  testId,
}: {
  rows?: UsageJob[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation('usage');
  if (loading) return <Spinner />;
  if (!rows?.length) return <EmptyState message={t('noJobs')} />;
  return (
    <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover fz="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.startTime')}</Table.Th>
            <Table.Th>{t('col.requestTime')}</Table.Th>
            <Table.Th>{t('col.requestor')}</Table.Th>
            <Table.Th>{t('col.workName')}</Table.Th>
            <Table.Th w={150}>{t('col.progress')}</Table.Th>
            <Table.Th>{t('col.progressTime')}</Table.Th>
            <Table.Th>{t('col.waitingTime')}</Table.Th>
            <Table.Th>{t('col.algorithm')}</Table.Th>
            <Table.Th>{t('col.workType')}</Table.Th>
            <Table.Th>{t('col.project')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.job_id} data-testid="usage-job-row" data-status={r.status} data-group={r.group}>
              <Table.Td>{fmt(r.started_at) || '-'}</Table.Td>
              <Table.Td>{fmt(r.requested_at)}</Table.Td>
              <Table.Td>{r.requestor ?? '-'}</Table.Td>
              <Table.Td>
                <Text size="xs" fw={600} truncate maw={180}>
                  {r.work_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge size="xs" variant="light" color={COLOR[r.status] ?? 'gray'}>
                    {t(`status.${r.status}`)}
                  </Badge>
                  <Progress value={r.progress} size="sm" w={50} />
                  <Text size="xs">{r.progress}%</Text>
                </Group>
              </Table.Td>
              <Table.Td>{duration(r.progress_seconds) || '-'}</Table.Td>
              <Table.Td>{duration(r.waiting_seconds)}</Table.Td>
              <Table.Td>{r.algorithm ?? '-'}</Table.Td>
              <Table.Td>
                {t(`group.${r.group}`)}
                {r.work_type ? ` (${r.work_type})` : ''}
              </Table.Td>
              <Table.Td>{r.project_name ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
