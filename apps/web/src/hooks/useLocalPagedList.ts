// Page + sort state for a server-paged table embedded in a detail page (kept locally, not in the
// URL, which belongs to the page itself): the list query and the matching ServerTable props.
import { useState } from 'react';
import { PAGER } from '@sightline/domain';
import { useLocalSort } from './useLocalSort';

export function useLocalPagedList(initialSort: string, scope: Record<string, string>) {
  const [page, setPage] = useState(1);
  // A new sort starts again from the first page.
  const sort = useLocalSort(initialSort, () => setPage(1));
  return {
    query: { page: String(page), perPage: String(PAGER.perPage), ...scope, ...sort.query },
    tableProps: { page, onPage: setPage, perPage: PAGER.perPage, ...sort.tableProps },
  };
}
