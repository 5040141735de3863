// /monitoring/inspection/report: inspection report search by period or by character (serial number),
// spec columns, pager, CSV export. A character search without a serial or a match shows the server's text.
import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { InspectionTable } from '../components/InspectionTable';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export default function InspectionReportPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const [mode, setMode] = useState<'period' | 'text'>('period');
  const [from, setFrom] = useState(day(-7));
  const [to, setTo] = useState(day(1));
  const [serial, setSerial] = useState('');
  const [judgement, setJudgement] = useState<string>('');
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState<Record<string, string | number> | null>(null);
  const q = query && line ? { ...query, line_id: line.id, page, perPage: 10 } : null;
  const res = useQuery({
    queryKey: monitoringKeys.search(q ?? {}),
    queryFn: ({ signal }) => monitoringApi.search(q!, signal),
    enabled: !!q,
    retry: false,
  });
  const submit = () => {
    setPage(1);
    setQuery({
      mode,
      ...(mode === 'period' ? { from: new Date(from).toISOString(), to: new Date(to).toISOString() } : {}),
      ...(serial.trim() ? { serial: serial.trim() } : {}),
      ...(judgement ? { judgement } : {}),
    });
  };
  return (
    <MonitoringFrame
      title={t('report.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="inspection-report"
      actions={
        q && (
          <Button
            variant="default"
            onClick={() => void monitoringApi.csv('inspections.csv', q, 'inspection-report.csv')}
          >
            {t('report.csv')}
          </Button>
        )
      }
    >
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Group align="end">
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'period' | 'text')}
              data={[
                { value: 'period', label: t('report.byPeriod') },
                { value: 'text', label: t('report.byText') },
              ]}
              data-testid="report-mode"
            />
            {mode === 'period' && (
              <>
                <TextInput
                  type="date"
                  label={t('report.from')}
                  value={from}
                  onChange={(e) => setFrom(e.currentTarget.value)}
                />
                <TextInput
                  type="date"
                  label={t('report.to')}
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                />
              </>
            )}
            <TextInput
              label={t('report.serial')}
              value={serial}
              onChange={(e) => setSerial(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && submit()}
              data-testid="report-serial"
            />
            <Select
              label={t('report.judgement')}
              w={110}
              value={judgement}
              onChange={(v) => setJudgement(v ?? '')}
              data={[
                { value: '', label: t('report.all') },
                { value: 'OK', label: 'OK' },
                { value: 'NG', label: 'NG' },
              ]}
            />
            <Button onClick={submit} data-testid="report-search">
              {t('report.search')}
            </Button>
          </Group>
        </Paper>
        {res.data && (
          <Paper withBorder radius="lg" p="md">
            <InspectionTable rows={res.data.data} />
            <Pager page={page} total={res.data.total} perPage={10} onChange={setPage} />
          </Paper>
        )}
      </Stack>
    </MonitoringFrame>
  );
}
