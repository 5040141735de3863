// Final validation metrics of the manifest: headline numbers, per-class rows (a `perClass` list or
// `<metric>_<class>` keys such as iou_scratch) and a confusion matrix when the engine reports one.
import { Badge, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LearningDetail } from '@sightline/domain';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const show = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(4));

export interface MetricTables {
  scalars: [string, number][];
  perClass: { columns: string[]; rows: { name: string; values: (number | null)[] }[] } | null;
  confusion: number[][] | null;
}

/** Sorts a validation record into headline numbers, a per-class table and a confusion matrix. */
export function metricTables(
  validation: Record<string, unknown>,
  classes: LearningDetail['classes'],
): MetricTables {
  const names = [...classes].sort((a, b) => a.index - b.index).map((c) => c.name);
  const scalars: [string, number][] = [];
  const byClass = new Map<string, Map<string, number>>();
  const columns: string[] = [];
  const put = (cls: string, col: string, v: number) => {
    if (!columns.includes(col)) columns.push(col);
    if (!byClass.has(cls)) byClass.set(cls, new Map());
    byClass.get(cls)!.set(col, v);
  };
  let confusion: number[][] | null = null;
  for (const [k, v] of Object.entries(validation)) {
    if (k === 'perClass' && Array.isArray(v)) {
      v.forEach((row, i) => {
        if (!row || typeof row !== 'object') return;
        const r = row as Record<string, unknown>;
        const cls = typeof r.name === 'string' ? r.name : (names[i] ?? String(i));
        for (const [col, x] of Object.entries(r))
          if (num(x) !== null && col !== 'index') put(cls, col, x as number);
      });
    } else if (k === 'perClass' && v && typeof v === 'object') {
      for (const [cls, r] of Object.entries(v as Record<string, Record<string, unknown>>))
        for (const [col, x] of Object.entries(r ?? {})) if (num(x) !== null) put(cls, col, x as number);
    } else if (k === 'confusion' && Array.isArray(v) && v.every((r) => Array.isArray(r))) {
      confusion = (v as unknown[][]).map((r) => r.map((x) => num(x) ?? 0));
    } else if (num(v) !== null) {
      const m = /^([a-zA-Z0-9]+)_(.+)$/.exec(k);
      if (m && names.includes(m[2]!)) put(m[2]!, m[1]!, v as number);
      else scalars.push([k, v as number]);
    }
  }
  const rows = [...byClass.entries()]
    .sort((a, b) => names.indexOf(a[0]) - names.indexOf(b[0]))
    .map(([name, vals]) => ({ name, values: columns.map((c) => vals.get(c) ?? null) }));
  return { scalars, perClass: rows.length ? { columns, rows } : null, confusion };
}

export function ValidationMetrics({ learning }: { learning: LearningDetail }) {
  const { t } = useTranslation('learning');
  const validation = learning.validation ?? (Object.keys(learning.metrics).length ? learning.metrics : null);
  if (!validation)
    return (
      <Paper withBorder radius="lg" p="md">
        <Text fw={600} size="sm" mb={4}>
          {t('model.validation')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('model.noValidation')}
        </Text>
      </Paper>
    );
  const { scalars, perClass, confusion } = metricTables(validation, learning.classes);
  const names = [...learning.classes].sort((a, b) => a.index - b.index).map((c) => c.name);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="learning-validation">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('model.validation')}
        </Text>
        <Group gap="xs">
          {scalars.map(([k, v]) => (
            <Badge
              key={k}
              size="lg"
              variant="light"
              color="teal"
              tt="none"
              data-testid="validation-metric"
              data-metric={k}
            >
              {k}: {show(v)}
            </Badge>
          ))}
        </Group>
        {perClass && (
          <ScrollArea>
            <Table withTableBorder striped verticalSpacing={4} fz="xs" data-testid="validation-per-class">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('model.class')}</Table.Th>
                  {perClass.columns.map((c) => (
                    <Table.Th key={c} ta="right">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {perClass.rows.map((r) => (
                  <Table.Tr key={r.name}>
                    <Table.Td>{r.name}</Table.Td>
                    {r.values.map((v, i) => (
                      <Table.Td key={i} ta="right">
                        {v == null ? '-' : show(v)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {confusion && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('model.confusion')}
            </Text>
            <Table
              withTableBorder
              withColumnBorders
              verticalSpacing={2}
              fz="xs"
              w="auto"
              data-testid="validation-confusion"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {(confusion as number[][])[0]!.map((_, j) => (
                    <Table.Th key={j} ta="right">
                      {names[j] ?? j}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(confusion as number[][]).map((row, i) => (
                  <Table.Tr key={i}>
                    <Table.Th>{names[i] ?? i}</Table.Th>
                    {row.map((v, j) => (
                      <Table.Td key={j} ta="right" fw={i === j ? 700 : 400}>
                        {v}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
