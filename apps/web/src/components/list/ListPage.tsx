// The one list page of the tenancy areas (/admin/*, /my/*): a title row, a filter bar built from a
// declarative field list, and a server-sorted, server-paged table whose state lives in the URL.
// A list page only declares its filters, columns and row link; the wiring is here.
import { Fragment, type ReactNode } from 'react';
import { Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageOf } from '@sightline/domain';
import { useListQuery } from '../../hooks/useListQuery';
import { fromDateValue, toDateValue } from '../../utils/dates';
import { PageFrame } from '../PageFrame';
import { FilterBar } from './FilterBar';
import { ListTable } from './ListTable';
import type { Column } from './ServerTable';

interface FieldBase<F extends string> {
  key: F;
  /** A filter kept in the URL query but not shown (e.g. a company filter for a company admin). */
  hidden?: boolean;
}
export type FilterField<F extends string> = FieldBase<F> &
  (
    | { kind: 'text'; label: string; placeholder?: string; width: number }
    | { kind: 'select'; label: string; data: { value: string; label: string }[]; width: number }
    | { kind: 'date'; label: string; width: number }
    | { kind: 'custom'; render: (value: string, set: (value: string) => void) => ReactNode }
  );

export interface ListPageProps<F extends string, Row> {
  title: ReactNode;
  testId: string;
  actions?: ReactNode;
  back?: { to: string; label: string };
  /** Every filter the page reads from the URL, shown or hidden, in display order. */
  filters: readonly FilterField<F>[];
  /** The server sort key used when the URL names none (newest first). */
  defaultSort: string;
  /** The feature's stable list hook, e.g. useUserList. */
  usePage: (query: Record<string, string>) => { data: PageOf<Row> | undefined; isLoading: boolean };
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Where a row click leads; rows are not clickable without it. */
  rowHref?: (row: Row) => string;
  emptyText: string;
}

export function ListPage<F extends string, Row>(p: ListPageProps<F, Row>) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { list, data, isLoading } = useListQuery(
    p.filters.map((f) => f.key),
    p.defaultSort,
    p.usePage,
  );
  const { rowHref } = p;

  const field = (f: FilterField<F>, value: string, set: (key: F, value: string) => void) => {
    switch (f.kind) {
      case 'text':
        return (
          <TextInput
            key={f.key}
            label={f.label}
            placeholder={f.placeholder ?? t('common.searchPlaceholder')}
            value={value}
            onChange={(e) => set(f.key, e.currentTarget.value)}
            w={f.width}
          />
        );
      case 'select':
        return (
          <Select
            key={f.key}
            label={f.label}
            placeholder={t('common.all')}
            clearable
            w={f.width}
            value={value || null}
            onChange={(v) => set(f.key, v ?? '')}
            data={f.data}
          />
        );
      case 'date':
        return (
          <DateInput
            key={f.key}
            label={f.label}
            valueFormat="YYYY-MM-DD"
            clearable
            w={f.width}
            value={toDateValue(value)}
            onChange={(v) => set(f.key, fromDateValue(v) ?? '')}
          />
        );
      case 'custom':
        return <Fragment key={f.key}>{f.render(value, (v) => set(f.key, v))}</Fragment>;
    }
  };

  return (
    <PageFrame title={p.title} testId={p.testId} actions={p.actions} back={p.back}>
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(draft, set) => p.filters.filter((f) => !f.hidden).map((f) => field(f, draft[f.key], set))}
      </FilterBar>
      <ListTable
        columns={p.columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={p.rowKey}
        onRowClick={rowHref ? (row) => navigate(rowHref(row)) : undefined}
        emptyText={p.emptyText}
      />
    </PageFrame>
  );
}
