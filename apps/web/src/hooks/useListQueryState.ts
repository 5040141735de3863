// List state (page, sort, filters) lives in the URL so that a filtered, sorted page can be linked,
// reloaded and left with the back button; the server does the sorting, filtering and paging.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortOrder = 'asc' | 'desc';

export interface ListQueryState<F extends string> {
  page: number;
  sort: string | null;
  order: SortOrder;
  filters: Record<F, string>;
}

export function useListQueryState<F extends string>(
  filterKeys: readonly F[],
  defaultSort: string | null = null,
) {
  const [params, setParams] = useSearchParams();

  const state = useMemo<ListQueryState<F>>(() => {
    const filters = {} as Record<F, string>;
    for (const k of filterKeys) filters[k] = params.get(k) ?? '';
    const page = Math.max(1, Number(params.get('page')) || 1);
    return {
      page,
      sort: params.get('sort') ?? defaultSort,
      order: params.get('order') === 'asc' ? 'asc' : 'desc',
      filters,
    };
    // filterKeys is a constant list per page
  }, [params, defaultSort]);

  const update = useCallback(
    (patch: Record<string, string | number | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback((page: number) => update({ page }), [update]);
  /** Clicking the sorted column flips the order; a new column starts ascending. */
  const toggleSort = useCallback(
    (key: string) => {
      const order = state.sort === key && state.order === 'asc' ? 'desc' : 'asc';
      update({ sort: key, order, page: 1 });
    },
    [state.sort, state.order, update],
  );
  /** A new filter always goes back to page 1, since the old page may not exist any more. */
  const setFilters = useCallback((f: Partial<Record<F, string>>) => update({ ...f, page: 1 }), [update]);

  return { ...state, setPage, toggleSort, setFilters };
}

/** Turns the list state into the query the tenancy API takes (page, perPage, sort, order, filters). */
export function toListQuery<F extends string>(s: ListQueryState<F>, perPage: number): Record<string, string> {
  const q: Record<string, string> = { page: String(s.page), perPage: String(perPage) };
  if (s.sort) {
    q.sort = s.sort;
    q.order = s.order;
  }
  for (const [k, v] of Object.entries(s.filters) as [string, string][]) if (v) q[k] = v;
  return q;
}
