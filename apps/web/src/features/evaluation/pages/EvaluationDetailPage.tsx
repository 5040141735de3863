// /train/inference/{id} and /{id}/cf|od|sg: one evaluation's request, status and progress (refreshed
// while it waits or runs), its parameters and headline metric, with cancel, delete, result and download.
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconChartBar, IconDownload, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { canCancelEvaluation, isActiveStatus } from '@sightline/domain';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { Spinner } from '../../../components/shared';
import { formatDateTime } from '../../../utils/format';
import { useEvaluation } from '../api/evaluations.api';
import { EvaluationStatus } from '../components/EvaluationStatus';
import { useEvaluationActions } from '../hooks/useEvaluationActions';
import { duration, headline, num3, pct, resultHref } from '../utils/evaluation-format';

export default function EvaluationDetailPage() {
  const { t } = useTranslation('evaluation');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useEvaluation(id);
  const actions = useEvaluationActions();
  const e = q.data;
  if (!e) return <Spinner />;
  const h = headline(e.task, e.metrics);
  const params = Object.entries(e.params);

  return (
    <PageFrame
      title={e.name}
      testId="evaluation-detail-page"
      back={{ to: '/train/inference', label: t('detail.back') }}
      actions={
        <>
          {canCancelEvaluation(e.status) && (
            <Button
              variant="default"
              color="orange"
              leftSection={<IconPlayerStop size={16} />}
              onClick={() => actions.cancel(e)}
            >
              {t('actions.cancel')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconTrash size={16} />}
            disabled={isActiveStatus(e.status)}
            onClick={() => actions.remove(e, () => navigate('/train/inference'))}
          >
            {t('actions.delete')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={e.status !== 'done'}
            loading={actions.downloading}
            onClick={() => actions.download(e.id)}
            data-testid="result-download"
          >
            {t('actions.download')}
          </Button>
          <Button
            component={Link}
            to={resultHref(e.id, e.task)}
            leftSection={<IconChartBar size={16} />}
            disabled={e.status !== 'done'}
            data-testid="open-result"
          >
            {t('detail.openResult')}
          </Button>
        </>
      }
    >
      <Paper withBorder p="md">
        <Group justify="space-between" align="center">
          <EvaluationStatus
            status={e.status}
            progress={e.progress}
            queuePosition={e.queue_position}
            withProgress={false}
          />
          {h.value != null && (
            <Text fw={600} fz={20} data-testid="evaluation-headline">
              {t(`metrics.${h.key}`)} {pct(h.value)}
            </Text>
          )}
        </Group>
        <Group gap="sm" mt="sm" wrap="nowrap">
          <Progress value={e.progress} size="lg" style={{ flex: 1 }} animated={e.status === 'running'} />
          <Text size="sm" w={48} ta="right">
            {e.progress}%
          </Text>
        </Group>
        {e.error && (
          <Alert color="red" variant="light" mt="sm">
            {e.error.message}
          </Alert>
        )}
        {e.status !== 'done' && !e.error && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('detail.notDone')}
          </Text>
        )}
      </Paper>
      <FactGrid
        cols={4}
        facts={[
          [t('detail.model'), e.model.name],
          [t('detail.dataset'), e.dataset.name],
          [t('detail.algorithm'), e.algorithm.name],
          [t('detail.task'), t(`tasks.${e.task}`)],
          [t('detail.threshold'), e.threshold == null ? t('detail.none') : num3(e.threshold)],
          [t('detail.images'), e.image_count.toLocaleString()],
          [t('detail.requestor'), `${e.requestor.name} (${e.requestor.username})`],
          [t('detail.requestedAt'), formatDateTime(e.timings.requested_at)],
          [t('detail.startedAt'), formatDateTime(e.timings.started_at)],
          [t('detail.finishedAt'), formatDateTime(e.timings.finished_at ?? e.timings.canceled_at)],
          [t('detail.waiting'), duration(e.timings.waiting_seconds)],
          [t('detail.duration'), duration(e.timings.progress_seconds)],
        ]}
      />
      <Stack gap={4}>
        <Text fw={600}>{t('detail.params')}</Text>
        {params.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('add.noParams')}
          </Text>
        ) : (
          <FactGrid cols={4} facts={params.map(([k, v]) => [k, String(v)])} />
        )}
      </Stack>
    </PageFrame>
  );
}
