// A ServerTable driven by the URL list state (useListQueryState) and one server page of rows: the
// paging and sorting wiring every list page shares.
import { PAGER, type PageOf } from '@sightline/domain';
import type { useListQueryState } from '../../hooks/useListQueryState';
import { ServerTable, type ServerTableProps } from './ServerTable';

type Wired = 'rows' | 'total' | 'perPage' | 'page' | 'onPage' | 'sort' | 'order' | 'onSort';

export type UrlListState = Pick<
  ReturnType<typeof useListQueryState<string>>,
  'page' | 'setPage' | 'sort' | 'order' | 'toggleSort'
>;

export function ListTable<Row>({
  list,
  data,
  ...rest
}: { list: UrlListState; data: PageOf<Row> | undefined } & Omit<ServerTableProps<Row>, Wired>) {
  return (
    <ServerTable
      {...rest}
      rows={data?.data}
      total={data?.total ?? 0}
      perPage={PAGER.perPage}
      page={list.page}
      onPage={list.setPage}
      sort={list.sort}
      order={list.order}
      onSort={list.toggleSort}
    />
  );
}
