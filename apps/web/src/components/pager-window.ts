// Which page buttons the pager shows: groups of 10 pages (SPEC §9: 10 per page, 10 visible pages).
import { PAGER } from '@sightline/domain';

export interface PagerWindow {
  totalPages: number;
  pages: number[];
  prevGroupPage: number | null;
  nextGroupPage: number | null;
}

export function pagerWindow(
  page: number,
  total: number,
  perPage: number = PAGER.perPage,
  visible: number = PAGER.visiblePages,
): PagerWindow {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.floor((current - 1) / visible) * visible + 1;
  const end = Math.min(totalPages, start + visible - 1);
  const pages = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return {
    totalPages,
    pages,
    prevGroupPage: start > 1 ? start - 1 : null,
    nextGroupPage: end < totalPages ? end + 1 : null,
  };
}
