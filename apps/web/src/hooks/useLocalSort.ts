// Sort state for tables embedded in a detail page (the page's URL belongs to the page itself).
import { useState } from 'react';
import type { SortOrder } from './useListQueryState';

export function useLocalSort(initial: string, onChange?: () => void) {
  const [sort, setSort] = useState(initial);
  const [order, setOrder] = useState<SortOrder>('desc');
  const toggle = (key: string) => {
    setOrder(sort === key && order === 'asc' ? 'desc' : 'asc');
    setSort(key);
    onChange?.();
  };
  return {
    query: { sort, order },
    tableProps: { sort, order, onSort: toggle },
  };
}
