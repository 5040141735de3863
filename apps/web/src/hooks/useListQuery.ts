// A server-paged list page's data: the URL list state (page, sort, filters) turned into the API query
// and one page fetched with the feature's list hook (a stable, module-level hook such as useUserList).
import { PAGER, type PageOf } from '@sightline/domain';
import { toListQuery, useListQueryState } from './useListQueryState';

export function useListQuery<F extends string, Row>(
  filterKeys: readonly F[],
  defaultSort: string | null,
  usePage: (query: Record<string, string>) => { data: PageOf<Row> | undefined; isLoading: boolean },
) {
  const list = useListQueryState(filterKeys, defaultSort);
  const { data, isLoading } = usePage(toListQuery(list, PAGER.perPage));
  return { list, data, isLoading };
}
