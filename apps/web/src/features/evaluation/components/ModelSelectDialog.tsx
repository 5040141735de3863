// The model select dialog (SPEC §2 dialogs): models whose training is done, searched and paged on the
// server. One model for an evaluation; several (up to `max`) for a compare.
import { useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGER, type LearningListItem } from '@sightline/domain';
import { EmptyState, Pager, Spinner } from '../../../components/shared';
import { useSession } from '../../../session/store';
import { formatDateTime } from '../../../utils/format';
import { useDoneModels } from '../api/evaluations.api';
import { headline, pct } from '../utils/evaluation-format';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Several models (compare) or one (evaluation). */
  multiple?: boolean;
  max?: number;
  initial?: LearningListItem[];
  onConfirm: (models: LearningListItem[]) => void;
}

export function ModelSelectDialog({
  opened,
  onClose,
  multiple = false,
  max = 1,
  initial = [],
  onConfirm,
}: Props) {
  const { t } = useTranslation('evaluation');
  const { t: tc } = useTranslation('common');
  const project = useSession((s) => s.currentProject);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<LearningListItem[]>(initial);
  const list = useDoneModels(project?.id, debounced, page, opened);
  const rows = list.data?.data ?? [];

  const initialKey = initial.map((m) => m.id).join(',');
  useEffect(() => {
    if (opened) setPicked(initial);
    // reset to the caller's choice each time the dialog opens
  }, [opened, initialKey]);

  const isPicked = (m: LearningListItem) => picked.some((p) => p.id === m.id);
  const toggle = (m: LearningListItem) => {
    if (!multiple) return setPicked([m]);
    if (isPicked(m)) setPicked(picked.filter((p) => p.id !== m.id));
    else if (picked.length < max) setPicked([...picked, m]);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('modelSelect.title')}
      size="xl"
      centered
      data-testid="model-select-dialog"
    >
      <Stack gap="sm">
        <TextInput
          w={300}
          leftSection={<IconSearch size={16} />}
          placeholder={t('modelSelect.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="model-search"
        />
        {list.isPending && list.fetchStatus === 'fetching' ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <EmptyState message={t('modelSelect.empty')} />
        ) : (
          <Table highlightOnHover withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('modelSelect.columns.name')}</Table.Th>
                <Table.Th>{t('modelSelect.columns.task')}</Table.Th>
                <Table.Th>{t('modelSelect.columns.algorithm')}</Table.Th>
                <Table.Th>{t('modelSelect.columns.dataset')}</Table.Th>
                <Table.Th>{t('modelSelect.columns.metric')}</Table.Th>
                <Table.Th>{t('modelSelect.columns.finishedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => {
                const h = headline(m.task, m.metrics);
                const disabled = multiple && !isPicked(m) && picked.length >= max;
                return (
                  <Table.Tr
                    key={m.id}
                    onClick={() => !disabled && toggle(m)}
                    style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
                    data-testid="model-row"
                    data-model-name={m.name}
                  >
                    <Table.Td>
                      {multiple ? (
                        <Checkbox checked={isPicked(m)} disabled={disabled} readOnly aria-label={m.name} />
                      ) : (
                        <Radio checked={isPicked(m)} readOnly aria-label={m.name} />
                      )}
                    </Table.Td>
                    <Table.Td fw={500}>{m.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm">
                        {t(`tasks.${m.task}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.algorithm.name}</Table.Td>
                    <Table.Td>{m.dataset.name}</Table.Td>
                    <Table.Td>
                      {t(`metrics.${h.key}`)} {pct(h.value)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(m.timings.finished_at)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Pager page={page} total={list.data?.total ?? 0} perPage={PAGER.perPage} onChange={setPage} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {multiple ? t('modelSelect.selected', { count: picked.length }) : (picked[0]?.name ?? '')}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button
              disabled={picked.length === 0}
              onClick={() => {
                onConfirm(picked);
                onClose();
              }}
              data-testid="model-select-confirm"
            >
              {t('modelSelect.confirm')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
