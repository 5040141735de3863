// Server-side sorting and paging shared by every tenancy list (page/perPage/sort/order/q).
import { asc, count, desc, ilike, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@sightline/domain';
import type { Executor } from './tx';

/** ORDER BY for the requested sort column (one of `columns`), falling back to `fallback`; id breaks ties. */
export function orderFor(
  q: Pick<ListQuery, 'sort' | 'order'>,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  tieBreak: AnyColumn,
  defaultOrder: 'asc' | 'desc' = 'asc',
): SQL[] {
  const key = q.sort && q.sort in columns ? q.sort : fallback;
  const dir = q.sort ? q.order : defaultOrder;
  const by = dir === 'desc' ? desc : asc;
  return [by(columns[key]!), by(tieBreak)];
}

export const pageWindow = (q: Pick<ListQuery, 'page' | 'perPage'>) => ({
  limit: q.perPage,
  offset: (q.page - 1) * q.perPage,
});

/** LIMIT/OFFSET of the requested page, as a fragment for a `$dynamic()` select. */
export function onPage<T extends PgSelect>(qb: T, q: Pick<ListQuery, 'page' | 'perPage'>): T {
  const w = pageWindow(q);
  return qb.limit(w.limit).offset(w.offset);
}

/** How many rows of `table` match the list's filter (the `total` beside a page). */
export async function countWhere(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [t] = await db.select({ n: count() }).from(table).where(where);
  return t?.n ?? 0;
}

/** `count(*) OVER ()` as a selected field: every row of a page carries the list's total, so the hot
 * lists (learning list, evaluation results, image grid) answer a page and its total in one round trip. */
export const totalOver = () => sql<number>`count(*) OVER ()`.mapWith(Number);

/** A page selected with `totalOver()` as `_total`: its rows without that field, and the total (a page past
 * the end has no row to carry it, so `countAll` is asked then). */
export async function splitTotal<R extends { _total: number }>(
  rows: R[],
  countAll: () => Promise<number>,
): Promise<{ rows: Omit<R, '_total'>[]; total: number }> {
  if (!rows.length) return { rows: [], total: await countAll() };
  const total = rows[0]!._total;
  return { rows: rows.map(({ _total, ...r }) => r), total };
}

/** `ILIKE %q%` over several columns, with LIKE wildcards in the search text escaped. */
export function textSearch(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c as AnyColumn, pattern)));
}

/**
 * One page of a list and its total: `select` (a `$dynamic()` select) filtered by `where`, sorted by `order`
 * (from `orderFor`) and paged; the total counts the rows of `table` that match `where`.
 */
export async function listPage<T extends PgSelect>(
  db: Executor,
  select: T,
  table: PgTable,
  where: SQL | undefined,
  order: SQL[],
  q: Pick<ListQuery, 'page' | 'perPage'>,
): Promise<{ rows: Awaited<T>; total: number }> {
  const rows = await onPage(select.where(where).orderBy(...order), q);
  return { rows, total: await countWhere(db, table, where) };
}
