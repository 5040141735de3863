// A table whose rows, order and page come from the server: headers only ask for a new sort,
// the pager only asks for a new page. Used by every admin and my list.
import type { ReactNode } from 'react';
import { Table, UnstyledButton, Group, Text, Box } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { EmptyState, Pager, Spinner } from '../shared';
import type { SortOrder } from '../../hooks/useListQueryState';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  /** The server's sort key; columns without one are not sortable. */
  sortKey?: string;
  width?: number | string;
  render: (row: Row) => ReactNode;
}

export interface ServerTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  total: number;
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  sort?: string | null;
  order?: SortOrder;
  onSort?: (key: string) => void;
  loading?: boolean;
  rowKey: (row: Row) => string | number;
  onRowClick?: (row: Row) => void;
  emptyText?: string;
  testId?: string;
}

export function ServerTable<Row>(p: ServerTableProps<Row>) {
  const sortIcon = (key: string) => {
    if (p.sort !== key) return <IconSelector size={14} />;
    return p.order === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />;
  };

  return (
    <Box data-testid={p.testId}>
      <Table striped highlightOnHover={!!p.onRowClick} withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {p.columns.map((c) => (
              // Headers stay on one line (English ones are longer); the cells below wrap instead.
              <Table.Th key={c.key} w={c.width} style={{ whiteSpace: 'nowrap' }}>
                {c.sortKey && p.onSort ? (
                  <UnstyledButton
                    onClick={() => p.onSort!(c.sortKey!)}
                    aria-sort={
                      p.sort === c.sortKey ? (p.order === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                  >
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {c.header}
                      </Text>
                      {sortIcon(c.sortKey)}
                    </Group>
                  </UnstyledButton>
                ) : (
                  c.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.rows?.map((row) => (
            <Table.Tr
              key={p.rowKey(row)}
              onClick={p.onRowClick ? () => p.onRowClick!(row) : undefined}
              style={p.onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {p.columns.map((c) => (
                <Table.Td key={c.key}>{c.render(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {p.loading && !p.rows && <Spinner />}
      {!p.loading && p.rows && p.rows.length === 0 && <EmptyState message={p.emptyText} />}
      {p.total > 0 && <Pager page={p.page} total={p.total} perPage={p.perPage} onChange={p.onPage} />}
    </Box>
  );
}
