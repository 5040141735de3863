// /train/learning/{id}/cf|od|sg (ad models shown with cf): parameters, dataset, live loss and metric curves,
// phase/epoch/step/images per second/ETA while it trains, final validation metrics, the engine's warnings,
// training time and the model downloads.
import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerStop, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  canDeleteLearning,
  isActiveStatus,
  type LearningDetail,
  type LearningProgressEvent,
} from '@sightline/domain';
import { EmptyState } from '../../../components/EmptyState';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { Spinner } from '../../../components/Spinner';
import i18n, { currentLocale } from '../../../i18n';
import { formatDateTime } from '../../../utils/format';
import { useLearning, useTrainingAlgorithms } from '../api/learning.api';
import { useLearningEvents } from '../api/learning-events';
import { LearningCurves } from '../components/LearningCurves';
import { LearningDownloads } from '../components/LearningDownloads';
import { LearningStatusBadge, useDurationText } from '../components/LearningStatus';
import { ValidationMetrics } from '../components/ValidationMetrics';
import { useLearningActions } from '../components/useLearningActions';
import { modelHref, modelPageTask, paramsOf, warningText } from '../utils/learning-utils';

const LIVE_MAX = 2000;

function LiveProgress({
  learning,
  event,
}: {
  learning: LearningDetail;
  event: LearningProgressEvent | null;
}) {
  const { t } = useTranslation('learning');
  const duration = useDurationText();
  const phase = event?.phase ?? learning.phase;
  const epoch = event?.epoch ?? learning.epoch;
  const epochs = event?.epochs ?? learning.epochs;
  const progress = event?.progress ?? learning.progress;
  const facts: [string, string][] = [
    [t('model.phase'), phase ? t(`phase.${phase}`) : '-'],
    [t('model.epoch'), epoch != null && epochs != null ? `${epoch} / ${epochs}` : '-'],
    [t('model.step'), event?.step != null && event.steps != null ? `${event.step} / ${event.steps}` : '-'],
    [
      t('model.speed'),
      event?.images_per_second != null
        ? t('model.speedValue', { v: event.images_per_second.toFixed(1) })
        : '-',
    ],
    [t('model.eta'), duration(event?.eta_seconds)],
  ];
  if (phase === 'decoding' && event?.done != null && event.total != null)
    facts.push([t('phase.decoding'), t('model.decoding', { done: event.done, total: event.total })]);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="learning-live">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {t('model.progress')}
        </Text>
        <Text size="sm" fw={600} data-testid="learning-live-progress">
          {progress}%
        </Text>
      </Group>
      <Progress value={progress} animated={learning.status === 'running'} mb="sm" />
      <SimpleGrid cols={facts.length} spacing="xs">
        {facts.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500} data-testid={`live-${label}`}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function ParamsTable({ learning }: { learning: LearningDetail }) {
  const { t } = useTranslation('learning');
  const locale = currentLocale();
  const algorithms = useTrainingAlgorithms(learning.project.id, learning.task);
  const row = algorithms.data?.find((r) => r.id === learning.algorithm.id);
  // Resolved params also carry the augmentation settings the training used.
  const declared = [...paramsOf(row), ...((row?.augmentationParams ?? []) as ReturnType<typeof paramsOf>)];
  const named = new Map(declared.map((p) => [p.key, p.name?.[locale] ?? p.key]));
  const autoKeys = new Set(declared.filter((p) => p.auto).map((p) => p.key));
  // 0 on an auto param: the engine picked the value from the data (known once training started).
  const shown = (k: string, v: number) => {
    const picked = learning.auto?.[k];
    if (v !== 0 || !(autoKeys.has(k) || picked !== undefined)) return v;
    return picked !== undefined ? t('model.autoPicked', { value: picked }) : t('model.auto');
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fw={600} size="sm" mb="xs">
        {t('model.params')}
      </Text>
      <Table verticalSpacing={2} fz="xs" data-testid="learning-params">
        <Table.Tbody>
          {Object.entries(learning.params).map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td c="dimmed">
                {named.get(k) ?? k}{' '}
                <Text span size="xs" c="gray.5">
                  ({k})
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={500} data-param-value={k}>
                {shown(k, v)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function ModelView({ learning }: { learning: LearningDetail }) {
  const { t } = useTranslation('learning');
  const locale = currentLocale();
  const navigate = useNavigate();
  const duration = useDurationText();
  const actions = useLearningActions();
  const [live, setLive] = useState<LearningProgressEvent[]>([]);
  const [latest, setLatest] = useState<LearningProgressEvent | null>(null);
  const active = isActiveStatus(learning.status);

  // Live step losses only matter until the history holds their epoch.
  const historyLength = learning.history.length;
  useEffect(() => setLive([]), [historyLength]);
  useLearningEvents(learning.id, active, (e) => {
    setLatest(e);
    if (e.phase === 'training' && e.loss != null)
      setLive((l) => (l.length >= LIVE_MAX ? [...l.slice(-LIVE_MAX / 2), e] : [...l, e]));
  });

  const regions = learning.regions.length
    ? learning.regions.map((r) => `(${r.x}, ${r.y}, ${r.w}×${r.h})`).join(' ')
    : t('model.regionsNone');
  const facts: [string, React.ReactNode][] = [
    [t('model.dataset'), learning.dataset.name],
    [t('model.algorithm'), `${learning.algorithm.name} (${learning.algorithm.engine_key})`],
    [t('model.task'), t(`tasks.${learning.task}`)],
    [t('model.requestor'), `${learning.requestor.name} (${learning.requestor.username})`],
    [t('model.requestedAt'), formatDateTime(learning.timings.requested_at)],
    [t('model.startedAt'), formatDateTime(learning.timings.started_at)],
    [t('model.finishedAt'), formatDateTime(learning.timings.finished_at ?? learning.timings.canceled_at)],
    [t('model.waitingTime'), duration(learning.timings.waiting_seconds)],
    [t('model.trainingTime'), duration(learning.timings.progress_seconds)],
    [t('model.validationSplit'), `${Math.round(learning.validation_split * 100)}%`],
    [t('model.regions'), regions],
    [
      t('model.classes'),
      <Group gap={4} key="classes">
        {[...learning.classes]
          .sort((a, b) => a.index - b.index)
          .map((c) => (
            <Badge
              key={c.index}
              size="sm"
              variant={c.ok ? 'filled' : 'light'}
              color={c.ok ? 'teal' : 'gray'}
              tt="none"
            >
              {c.name}
              {c.ok ? ' · OK' : ''}
            </Badge>
          ))}
      </Group>,
    ],
  ];
  if (learning.base_learning_id != null)
    facts.push([
      t('model.base'),
      <Link key="base" to={`/train/learning/${learning.base_learning_id}/${modelPageTask(learning.task)}`}>
        #{learning.base_learning_id}
      </Link>,
    ]);

  return (
    <PageFrame
      title={
        <Group gap="sm" component="span">
          <span data-testid="learning-model-name">{learning.name}</span>
          <LearningStatusBadge status={learning.status} />
          {learning.resumed && (
            <Badge color="grape" variant="outline" data-testid="learning-resumed">
              {t('list.resumed')}
            </Badge>
          )}
          {learning.queue_position != null && learning.status === 'waiting' && (
            <Text span size="sm" c="dimmed">
              {t('list.queue', { n: learning.queue_position })}
            </Text>
          )}
        </Group>
      }
      testId="learning-model-page"
      back={{ to: '/train/learning', label: t('model.back') }}
      actions={
        <>
          {active && (
            <Button
              variant="default"
              color="orange"
              leftSection={<IconPlayerStop size={16} />}
              onClick={() => void actions.cancel(learning)}
              data-testid="model-cancel"
            >
              {t('model.cancel')}
            </Button>
          )}
          {learning.status === 'done' && (
            <Button
              variant="default"
              component={Link}
              to={`/train/learning/relearning?base=${learning.id}`}
              leftSection={<IconRefresh size={16} />}
            >
              {t('model.relearn')}
            </Button>
          )}
          <Tooltip label={t('list.deleteDisabled')} disabled={canDeleteLearning(learning.status)}>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={!canDeleteLearning(learning.status)}
              onClick={() => void actions.remove(learning).then((ok) => ok && navigate('/train/learning'))}
              data-testid="model-delete"
            >
              {t('model.delete')}
            </Button>
          </Tooltip>
        </>
      }
    >
      {learning.error && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('model.error')}
          data-testid="learning-error"
        >
          {learning.error.message} ({learning.error.code})
        </Alert>
      )}
      {learning.warnings.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('model.warnings')}
          data-testid="learning-warnings"
        >
          <Stack gap={4}>
            {learning.warnings.map((w) => (
              <Text size="sm" key={w}>
                {warningText(w, locale)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {(active || learning.status === 'waiting') && <LiveProgress learning={learning} event={latest} />}
      <LearningCurves learning={learning} live={live} />
      <SimpleGrid cols={2} spacing="md">
        <Stack gap="md">
          <ValidationMetrics learning={learning} />
          <LearningDownloads learning={learning} />
        </Stack>
        <ParamsTable learning={learning} />
      </SimpleGrid>
      <FactGrid facts={facts} cols={4} />
    </PageFrame>
  );
}

export default function LearningModelPage() {
  const { id: raw } = useParams();
  const { pathname } = useLocation();
  const id = Number(raw);
  const q = useLearning(Number.isInteger(id) && id > 0 ? id : 0);
  if (q.isError) return <EmptyState message={i18n.t('common:notFound.title')} />;
  if (!q.data) return <Spinner />;
  // The path names the task: a cf model opened under /od goes to its own page.
  const href = modelHref(q.data);
  if (!pathname.endsWith(href.slice(href.lastIndexOf('/')))) return <Navigate to={href} replace />;
  return <ModelView learning={q.data} />;
}
