// /train/processing: the project's processing works (status and progress pushed over SSE, kind,
// work type, input data, result folder, dates, availability) and their actions: open, class info,
// final save, copy labeling, AI labeling rerun, delete.
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconLock,
  IconPlus,
  IconRefresh,
  IconTags,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AI_LABELING_KINDS, PROCESSING_KINDS, PROCESSING_STATUSES, type Work } from '@sightline/domain';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { formatDateTime } from '../../../utils/format';
import { useProcessingEvents, useWorkPage } from '../api/processing.api';
import { ClassInfoDialog } from '../components/ClassInfoDialog';
import { CopyLabelingDialog } from '../components/CopyLabelingDialog';
import { AvailabilityBadge, WorkStatusCell } from '../components/WorkStatusCell';
import { useWorkActions } from '../components/useWorkActions';
import { AiRerunDialog } from '../data-works/components/AiRerunDialog';

const LABELING_KINDS = new Set(['new', 'copy', 'merge', 'class_merge', 'class_remove']);
/** AI labeling works: their result opens in the workspace for review, and they can run again. */

function useColumns(
  openClasses: (w: Work) => void,
  openCopy: (w: Work) => void,
  openRerun: (w: Work) => void,
): Column<Work>[] {
  const { t } = useTranslation('processing');
  const { t: td } = useTranslation('processing-data');
  const actions = useWorkActions();
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return [
    {
      key: 'name',
      header: t('columns.name'),
      width: 190,
      render: (w) => (
        <Stack gap={2} data-testid="work-row" data-name={w.name}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {w.name}
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {t(`tasks.${w.task}`)}
          </Badge>
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: t('columns.kind'),
      width: 130,
      render: (w) => <Text size="sm">{t(`kinds.${w.kind}`)}</Text>,
    },
    { key: 'status', header: t('columns.status'), width: 170, render: (w) => <WorkStatusCell work={w} /> },
    {
      key: 'dataset',
      header: t('columns.dataset'),
      render: (w) => <Text size="sm">{w.sources.map((s) => s.dataset_name).join(', ')}</Text>,
    },
    {
      key: 'result',
      header: t('columns.result'),
      render: (w) => (
        <Stack gap={0}>
          <Text size="sm">{w.save_dir}</Text>
          <Text size="xs" c="dimmed">
            {t('list.images', { count: w.image_count })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'dates',
      header: t('columns.dates'),
      width: 170,
      render: (w) => (
        <Stack gap={0}>
          <Text size="xs">{t('list.created', { date: formatDateTime(w.created_at) })}</Text>
          <Text size="xs" c="dimmed">
            {t('list.updated', { date: formatDateTime(w.updated_at) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'availability',
      header: t('columns.availability'),
      width: 140,
      render: (w) => <AvailabilityBadge work={w} />,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      width: 120,
      render: (w) => (
        <Group gap={4} wrap="nowrap" justify="flex-end" onClick={stop}>
          {w.status === 'done' && (LABELING_KINDS.has(w.kind) || AI_LABELING_KINDS.has(w.kind)) && (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => void actions.open(w)}
              data-testid="work-open"
            >
              {t('list.open')}
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('columns.actions')}
                data-testid="work-menu"
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconTags size={14} />}
                disabled={w.status !== 'done'}
                onClick={() => openClasses(w)}
                data-testid="work-classes"
              >
                {t('list.classes')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconLock size={14} />}
                disabled={w.status !== 'done' || w.final_saved}
                onClick={() => void actions.finalSave(w)}
                data-testid="work-final-save"
              >
                {t('list.finalSave')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={14} />}
                disabled={w.status !== 'done' || w.result_dataset_id === null}
                onClick={() => openCopy(w)}
                data-testid="work-copy"
              >
                {t('list.copy')}
              </Menu.Item>
              {AI_LABELING_KINDS.has(w.kind) && (
                <Menu.Item
                  leftSection={<IconRefresh size={14} />}
                  disabled={w.status === 'waiting' || w.status === 'progressing' || w.final_saved}
                  onClick={() => openRerun(w)}
                  data-testid="work-rerun"
                >
                  {td('rerun.open')}
                </Menu.Item>
              )}
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={w.status === 'waiting' || w.status === 'progressing'}
                onClick={() => void actions.remove(w)}
                data-testid="work-delete"
              >
                {t('list.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];
}

export default function ProcessingListPage() {
  const { t } = useTranslation('processing');
  const [classesOf, setClassesOf] = useState<Work | null>(null);
  const [copyOf, setCopyOf] = useState<Work | null>(null);
  const [rerunOf, setRerunOf] = useState<Work | null>(null);
  const columns = useColumns(setClassesOf, setCopyOf, setRerunOf);
  useProcessingEvents();
  return (
    <>
      <ListPage
        title={t('title')}
        testId="processing-list-page"
        actions={
          <Button
            component={Link}
            to="/train/processing/add"
            leftSection={<IconPlus size={16} />}
            data-testid="processing-add"
          >
            {t('add')}
          </Button>
        }
        filters={[
          {
            key: 'search',
            kind: 'text',
            label: t('list.search'),
            placeholder: t('list.searchPlaceholder'),
            width: 220,
          },
          {
            key: 'kind',
            kind: 'select',
            label: t('list.kind'),
            width: 170,
            data: PROCESSING_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          },
          {
            key: 'status',
            kind: 'select',
            label: t('list.status'),
            width: 140,
            data: PROCESSING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
        defaultSort=""
        usePage={useWorkPage}
        columns={columns}
        rowKey={(w) => w.id}
        emptyText={t('list.empty')}
      />
      <ClassInfoDialog work={classesOf} onClose={() => setClassesOf(null)} />
      <CopyLabelingDialog
        opened={!!copyOf}
        onClose={() => setCopyOf(null)}
        initial={copyOf?.result_dataset_id ? [copyOf.result_dataset_id] : []}
      />
      <AiRerunDialog work={rerunOf} onClose={() => setRerunOf(null)} />
    </>
  );
}
