// Per-class metrics (precision/recall/F1, AP, IoU/Dice …) and the headline numbers of a result.
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pct } from '../utils/evaluation-format';

type Row = { name: string } & Record<string, unknown>;

interface TableProps {
  rows: Row[];
  /** Metric keys (texts under evaluation:metrics); 'support' is shown as a count. */
  keys: string[];
  testId?: string;
}

export function PerClassTable({ rows, keys, testId = 'per-class-table' }: TableProps) {
  const { t } = useTranslation('evaluation');
  return (
    <Table withTableBorder striped verticalSpacing={4} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('metrics.class')}</Table.Th>
          {keys.map((k) => (
            <Table.Th key={k} ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t(`metrics.${k}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>
              <Text size="sm" truncate maw={160}>
                {r.name}
              </Text>
            </Table.Td>
            {keys.map((k) => {
              const v = r[k];
              return (
                <Table.Td key={k} ta="right">
                  {typeof v !== 'number' ? '-' : k === 'support' ? v.toLocaleString() : pct(v)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The headline numbers as stat tiles. */
export function MetricTiles({
  items,
}: {
  items: { key: string; value: number | null; format?: (v: number) => string }[];
}) {
  const { t } = useTranslation('evaluation');
  return (
    <SimpleGrid cols={items.length} spacing="sm" data-testid="metric-tiles">
      {items.map((i) => (
        <Paper withBorder p="sm" key={i.key}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(`metrics.${i.key}`)}
            </Text>
            <Text fw={700} fz={20} data-testid={`metric-${i.key}`}>
              {i.value == null ? '-' : i.format ? i.format(i.value) : pct(i.value)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
