// A server-paged table whose page and sort stay in the component (not the URL), for lists embedded in a
// detail page, e.g. a company's projects and users.
import { useNavigate } from 'react-router-dom';
import type { PageOf } from '@sightline/domain';
import { useLocalPagedList } from '../../hooks/useLocalPagedList';
import { ServerTable, type Column } from './ServerTable';

interface Props<Row> {
  /** Fixed filters of the embedded list, e.g. { companyId }. */
  filters: Record<string, string>;
  defaultSort: string;
  usePage: (query: Record<string, string>) => { data: PageOf<Row> | undefined; isLoading: boolean };
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowHref: (row: Row) => string;
  emptyText: string;
  testId: string;
}

export function LocalListTable<Row>({ filters, defaultSort, usePage, rowHref, ...rest }: Props<Row>) {
  const navigate = useNavigate();
  const list = useLocalPagedList(defaultSort, filters);
  const { data, isLoading } = usePage(list.query);
  return (
    <ServerTable
      {...rest}
      rows={data?.data}
      total={data?.total ?? 0}
      {...list.tableProps}
      loading={isLoading}
      onRowClick={(row) => navigate(rowHref(row))}
    />
  );
}
