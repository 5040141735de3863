// Search + paged table + single choice; the body of every "choose a row" dialog.
import { useState } from 'react';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageOf } from '@sightline/domain';
import { ServerTable, type Column } from './list/ServerTable';

const PER_PAGE = 5;

export interface PickerListProps<Row> {
  useRows: (query: Record<string, string>, enabled: boolean) => UseQueryResult<PageOf<Row>>;
  columns: Column<Row>[];
  rowKey: (r: Row) => number;
  picked: Row | null;
  onPicked: (row: Row) => void;
  extraQuery?: Record<string, string>;
  enabled: boolean;
}

export function PickerList<Row>(p: PickerListProps<Row>) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = { page: String(page), perPage: String(PER_PAGE), ...(q ? { q } : {}), ...p.extraQuery };
  const { data, isLoading } = p.useRows(query, p.enabled);
  const isPicked = (r: Row) => p.picked !== null && p.rowKey(p.picked) === p.rowKey(r);

  const columns: Column<Row>[] = [
    {
      key: 'pick',
      header: '',
      width: 40,
      render: (r) => <Radio checked={isPicked(r)} onChange={() => p.onPicked(r)} />,
    },
    ...p.columns,
  ];

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <TextInput
          style={{ flex: 1 }}
          placeholder={t('common.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter searches instead of submitting the dialog's form.
            if (e.key === 'Enter') {
              e.preventDefault();
              setQ(draft.trim());
              setPage(1);
            }
          }}
          data-testid="picker-search"
        />
        <Button
          variant="light"
          leftSection={<IconSearch size={16} />}
          onClick={() => {
            setQ(draft.trim());
            setPage(1);
          }}
        >
          {t('common.search')}
        </Button>
      </Group>
      <ServerTable
        columns={columns}
        rows={data?.data}
        total={data?.total ?? 0}
        perPage={PER_PAGE}
        page={page}
        onPage={setPage}
        loading={isLoading}
        rowKey={p.rowKey}
        onRowClick={p.onPicked}
      />
    </Stack>
  );
}
