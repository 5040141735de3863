// /train/learning: every training of the current project, live over the project's event stream (no reload),
// with cancel (the server's message when it cannot be canceled) and delete (disabled while in progress).
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerStop, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  LEARNING_STATUSES,
  VISION_TASKS,
  canDeleteLearning,
  isActiveStatus,
  type LearningListItem,
} from '@sightline/domain';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { useSession } from '../../../session/store';
import { formatDateTime } from '../../../utils/format';
import { useLearningPage } from '../api/learning.api';
import { useProjectLearningEvents } from '../api/learning-events';
import { LearningStatusCell, useDurationText } from '../components/LearningStatus';
import { useLearningActions } from '../components/useLearningActions';
import { modelHref } from '../utils/learning-utils';

function useColumns(): Column<LearningListItem>[] {
  const { t } = useTranslation('learning');
  const duration = useDurationText();
  const actions = useLearningActions();
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return [
    {
      key: 'name',
      header: t('list.columns.name'),
      width: 170,
      render: (l) => (
        <Stack gap={2} data-testid="learning-row" data-name={l.name} data-status={l.status}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {l.name}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color="gray">
              {t(`tasks.${l.task}`)}
            </Badge>
            {l.base_learning_id != null && (
              <Badge size="xs" variant="light" color="indigo">
                {t('list.relearn')}
              </Badge>
            )}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 220,
      render: (l) => <LearningStatusCell item={l} />,
    },
    {
      key: 'algorithm',
      header: t('list.columns.algorithm'),
      render: (l) => (
        <Text size="sm" title={l.algorithm.engine_key}>
          {l.algorithm.name}
        </Text>
      ),
    },
    {
      key: 'dataset',
      header: t('list.columns.dataset'),
      render: (l) => <Text size="sm">{l.dataset.name}</Text>,
    },
    {
      key: 'requestor',
      header: t('list.columns.requestor'),
      render: (l) => (
        <Text size="sm" title={l.requestor.username}>
          {l.requestor.name}
        </Text>
      ),
    },
    {
      key: 'timings',
      header: t('list.columns.timings'),
      width: 200,
      render: (l) => (
        <Stack gap={0}>
          <Text size="xs">{t('list.requestedAt', { date: formatDateTime(l.timings.requested_at) })}</Text>
          <Text size="xs" c="dimmed">
            {t('list.waited', { time: duration(l.timings.waiting_seconds) })}
          </Text>
          {l.timings.progress_seconds != null && (
            <Text size="xs" c="dimmed">
              {t('list.ran', { time: duration(l.timings.progress_seconds) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      width: 110,
      render: (l) => (
        <Group gap={4} wrap="nowrap" justify="flex-end" onClick={stop}>
          {isActiveStatus(l.status) && (
            <Button
              size="compact-xs"
              variant="light"
              color="orange"
              leftSection={<IconPlayerStop size={12} />}
              data-testid="learning-cancel"
              onClick={() => void actions.cancel(l)}
            >
              {t('list.cancel')}
            </Button>
          )}
          <Tooltip label={canDeleteLearning(l.status) ? t('list.delete') : t('list.deleteDisabled')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('list.delete')}
              data-testid="learning-delete"
              disabled={!canDeleteLearning(l.status)}
              onClick={() => void actions.remove(l)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

export default function LearningListPage() {
  const { t } = useTranslation('learning');
  const projectId = useSession((s) => s.currentProject?.id);
  useProjectLearningEvents(projectId);
  const columns = useColumns();

  return (
    <ListPage
      title={t('title')}
      testId="learning-list-page"
      actions={
        <>
          <Button
            variant="default"
            component={Link}
            to="/train/learning/relearning"
            leftSection={<IconRefresh size={16} />}
            data-testid="learning-relearn"
          >
            {t('list.relearn')}
          </Button>
          <Button
            component={Link}
            to="/train/learning/add"
            leftSection={<IconPlus size={16} />}
            data-testid="learning-add"
          >
            {t('list.add')}
          </Button>
        </>
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
          key: 'status',
          kind: 'select',
          label: t('list.status'),
          width: 150,
          data: LEARNING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        },
        {
          key: 'task',
          kind: 'select',
          label: t('list.task'),
          width: 160,
          data: VISION_TASKS.map((s) => ({ value: s, label: t(`tasks.${s}`) })),
        },
      ]}
      defaultSort=""
      usePage={useLearningPage}
      columns={columns}
      rowKey={(l) => l.id}
      rowHref={modelHref}
      emptyText={t('list.empty')}
    />
  );
}
