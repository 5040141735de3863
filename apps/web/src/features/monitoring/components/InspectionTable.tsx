// Inspection report rows (SPEC §3): serial number, check result, created at, original and prediction image.
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InspectionRow } from '@sightline/domain';
import { InspectionThumb } from './InspectionThumb';
import { JudgementBadge } from './JudgementBadge';

export function InspectionTable({
  rows,
  extra,
}: {
  rows: InspectionRow[];
  extra?: (r: InspectionRow) => ReactNode;
}) {
  const { t } = useTranslation('monitoring');
  if (!rows.length) return <Text c="dimmed">{t('report.empty')}</Text>;
  return (
    <Table striped data-testid="inspection-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('report.columns.serial')}</Table.Th>
          <Table.Th>{t('report.columns.result')}</Table.Th>
          <Table.Th>{t('report.columns.createdAt')}</Table.Th>
          <Table.Th>{t('report.columns.original')}</Table.Th>
          <Table.Th>{t('report.columns.prediction')}</Table.Th>
          {extra && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid="inspection-row">
            <Table.Td>{r.serial_number}</Table.Td>
            <Table.Td>
              <JudgementBadge value={r.judgement} />{' '}
              {r.class_name && (
                <Text span size="sm">
                  {r.class_name}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{new Date(r.created_at).toLocaleString()}</Table.Td>
            <Table.Td>
              <InspectionThumb id={r.id} src={r.original_url} />
            </Table.Td>
            <Table.Td>
              <InspectionThumb id={r.id} src={r.prediction_url} />
            </Table.Td>
            {extra && <Table.Td>{extra(r)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
