// /train/inference: the project's performance evaluations (status, progress, model, dataset, headline
// metric, timings), refreshed while any of them waits or runs; cancel, delete and result per row.
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconPlayerStop, IconPlus, IconScale, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EVALUATION_STATUSES, canCompare, type EvaluationListItem } from '@sightline/domain';
import { ListPage, type FilterField } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { useAppConfig } from '../../../config/AppConfigContext';
import { useActor } from '../../../hooks/useCan';
import { useSession } from '../../../session/store';
import { formatDateTime } from '../../../utils/format';
import { useEvaluationList } from '../api/evaluations.api';
import { EvaluationStatus } from '../components/EvaluationStatus';
import { useEvaluationActions } from '../hooks/useEvaluationActions';
import { detailHref, duration, headline, pct, resultHref } from '../utils/evaluation-format';

type F = 'search' | 'status';

function useEvaluationPage(query: Record<string, string>) {
  const projectId = useSession((s) => s.currentProject?.id);
  return useEvaluationList(projectId, query);
}

export default function EvaluationListPage() {
  const { t } = useTranslation('evaluation');
  const actions = useEvaluationActions();
  const actor = useActor();
  const { productName } = useAppConfig();
  const compareAllowed = actor ? canCompare(actor, productName) : false;

  const filters: FilterField<F>[] = [
    {
      key: 'search',
      kind: 'text',
      label: t('list.search'),
      placeholder: t('list.searchPlaceholder'),
      width: 260,
    },
    {
      key: 'status',
      kind: 'select',
      label: t('list.statusFilter'),
      width: 180,
      data: EVALUATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
  ];

  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };

  const columns: Column<EvaluationListItem>[] = [
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`tasks.${r.task}`)}
          </Text>
        </Stack>
      ),
    },
    { key: 'model', header: t('list.columns.model'), render: (r) => r.model.name },
    { key: 'dataset', header: t('list.columns.dataset'), render: (r) => r.dataset.name },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 150,
      render: (r) => (
        <EvaluationStatus status={r.status} progress={r.progress} queuePosition={r.queue_position} />
      ),
    },
    {
      key: 'metric',
      header: t('list.columns.metric'),
      render: (r) => {
        const h = headline(r.task, r.metrics);
        return h.value == null ? (
          '-'
        ) : (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="evaluation-metric">
            {t(`metrics.${h.key}`)} {pct(h.value)}
          </Text>
        );
      },
    },
    { key: 'images', header: t('list.columns.images'), render: (r) => r.image_count.toLocaleString() },
    {
      key: 'requested',
      header: t('list.columns.requestedAt'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.timings.requested_at)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {duration(r.timings.waiting_seconds)} / {duration(r.timings.progress_seconds)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      width: 120,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('actions.result')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={resultHref(r.id, r.task)}
              disabled={r.status !== 'done'}
              onClick={(e: React.MouseEvent) => e.stopPropagation()}
              aria-label={t('actions.result')}
              data-testid="evaluation-result-link"
            >
              <IconChartBar size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.cancel')}>
            <ActionIcon
              variant="subtle"
              color="orange"
              onClick={stop(() => actions.cancel(r))}
              aria-label={t('actions.cancel')}
              data-testid="evaluation-cancel"
            >
              <IconPlayerStop size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={stop(() => actions.remove(r))}
              aria-label={t('actions.delete')}
              data-testid="evaluation-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <ListPage<F, EvaluationListItem>
      title={t('title')}
      testId="evaluation-list-page"
      actions={
        <>
          {compareAllowed && (
            <Button
              variant="default"
              component={Link}
              to="/train/inference/compare"
              leftSection={<IconScale size={16} />}
              data-testid="open-compare"
            >
              {t('list.compare')}
            </Button>
          )}
          <Button
            component={Link}
            to="/train/inference/add"
            leftSection={<IconPlus size={16} />}
            data-testid="add-evaluation"
          >
            {t('list.add')}
          </Button>
        </>
      }
      filters={filters}
      defaultSort=""
      usePage={useEvaluationPage}
      columns={columns}
      rowKey={(r) => r.id}
      rowHref={(r) => (r.status === 'done' ? resultHref(r.id, r.task) : detailHref(r.id, r.task))}
      emptyText={t('list.empty')}
    />
  );
}
