// The confusion matrix of a classification result (rows actual, columns predicted, model class order).
// Cells are shaded by their share of the row; a click opens the images of that cell.
import { Box, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  classNames: string[];
  /** confusion[actual][predicted] */
  matrix: number[][];
  onCell: (actual: number, predicted: number) => void;
}

export function ConfusionMatrix({ classNames, matrix, onCell }: Props) {
  const { t } = useTranslation('evaluation');
  const rowSums = matrix.map((r) => r.reduce((a, b) => a + b, 0));
  const cell = 44;
  return (
    <Box style={{ overflow: 'auto', maxWidth: '100%' }} data-testid="confusion-matrix">
      <Table
        withTableBorder
        withColumnBorders
        style={{ width: 'auto' }}
        verticalSpacing={0}
        horizontalSpacing={0}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th px={8}>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('result.actual')} \ {t('result.predicted')}
              </Text>
            </Table.Th>
            {classNames.map((n) => (
              <Table.Th key={n} w={cell} ta="center" px={4}>
                <Tooltip label={n}>
                  <Text size="xs" fw={600} truncate maw={cell + 8}>
                    {n}
                  </Text>
                </Tooltip>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.map((row, a) => (
            <Table.Tr key={a}>
              <Table.Th px={8}>
                <Text size="xs" fw={600} truncate maw={120}>
                  {classNames[a] ?? a}
                </Text>
              </Table.Th>
              {row.map((v, p) => {
                const share = rowSums[a] ? v / rowSums[a]! : 0;
                const diag = a === p;
                const bg =
                  v === 0
                    ? 'transparent'
                    : diag
                      ? `rgba(47,158,110,${0.15 + 0.75 * share})`
                      : `rgba(224,49,49,${0.15 + 0.75 * share})`;
                return (
                  <Table.Td key={p} p={0} style={{ background: bg }}>
                    <UnstyledButton
                      w="100%"
                      h={32}
                      miw={cell}
                      ta="center"
                      disabled={v === 0}
                      onClick={() => onCell(a, p)}
                      aria-label={`${classNames[a]} → ${classNames[p]}: ${v}`}
                      data-testid="confusion-cell"
                      data-actual={a}
                      data-predicted={p}
                      style={{ cursor: v ? 'pointer' : 'default' }}
                    >
                      <Text size="sm" fw={diag ? 700 : 400} c={share > 0.6 ? 'white' : undefined}>
                        {v}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {t('result.cellHint')}
      </Text>
    </Box>
  );
}
