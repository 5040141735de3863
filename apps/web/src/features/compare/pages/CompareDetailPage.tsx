// /train/inference/compare/{id}: the models' metrics side by side (summary and per class, the best
// marked), each evaluation's status, and the images where the models disagree.
import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { canCancelEvaluation, isActiveStatus } from '@sightline/domain';
import { confirm, flash, Spinner } from '../../../components/shared';
import { PageFrame } from '../../../components/PageFrame';
import { EvaluationStatus } from '../../evaluation/components/EvaluationStatus';
import { num3, pct } from '../../evaluation/utils/evaluation-format';
import { useCancelCompare, useCompare, useDeleteCompare } from '../api/compares.api';
import { DisagreementGrid } from '../components/DisagreementGrid';
import { classRows, summaryRows, type MetricRow } from '../utils/side-by-side';

export default function CompareDetailPage() {
  const { t } = useTranslation('compare');
  const { t: te } = useTranslation('evaluation');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useCompare(id);
  const del = useDeleteCompare();
  const cancel = useCancelCompare();
  const c = q.data;
  if (!c) return <Spinner />;
  const classNames = [...c.classes].sort((a, b) => a.index - b.index).map((x) => x.name);
  // The headline maps of the compare's evaluations carry the numbers; each model links to its evaluation.
  const summary = summaryRows(c.task, c.evaluations, []);
  const perClass = classRows(c.task, classNames, []).filter((r) => r.values.some((v) => v != null));

  const remove = async () => {
    if (
      !(await confirm({
        title: t('detail.deleteTitle'),
        message: t('detail.deleteConfirm', { name: c.name }),
        danger: true,
      }))
    )
      return;
    await del.mutateAsync(c.id);
    flash('success', t('detail.deleted'));
    navigate('/train/inference/compare');
  };

  const cells = (r: MetricRow, fmt: (v: number) => string) =>
    r.values.map((v, i) => (
      <Table.Td key={i} ta="right" fw={r.best === i ? 700 : 400} c={r.best === i ? 'teal.8' : undefined}>
        {v == null ? '-' : fmt(v)}
      </Table.Td>
    ));

  return (
    <PageFrame
      title={c.name}
      testId="compare-detail-page"
      back={{ to: '/train/inference/compare', label: t('title') }}
      actions={
        <Group gap="xs">
          {canCancelEvaluation(c.status) && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              loading={cancel.isPending}
              onClick={() =>
                void cancel.mutateAsync(c.id).then(
                  () => flash('success', t('detail.canceled')),
                  () => undefined,
                )
              }
              data-testid="compare-cancel"
            >
              {t('detail.cancel')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconTrash size={16} />}
            disabled={isActiveStatus(c.status)}
            onClick={() => void remove().catch(() => undefined)}
          >
            {t('detail.delete')}
          </Button>
        </Group>
      }
    >
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Group gap="md">
            <EvaluationStatus status={c.status} progress={c.progress} />
            <Text size="sm">
              {te('detail.dataset')}: <b>{c.dataset.name}</b>
            </Text>
            <Text size="sm">
              {te('detail.task')}: <b>{te(`tasks.${c.task}`)}</b>
            </Text>
          </Group>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600}>{t('detail.metrics')}</Text>
          <Table withTableBorder withColumnBorders verticalSpacing={6} data-testid="compare-metrics">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.metric')}</Table.Th>
                {c.evaluations.map((e) => (
                  <Table.Th key={e.id} ta="right">
                    <Stack gap={2} align="flex-end">
                      <Anchor
                        component={Link}
                        to={`/train/inference/${e.id}`}
                        size="sm"
                        fw={600}
                        title={t('detail.openEvaluation')}
                      >
                        {e.model.name}
                      </Anchor>
                      {e.status === 'done' ? (
                        <Text size="xs" c="dimmed">
                          {te('detail.images')} {e.image_count.toLocaleString()}
                        </Text>
                      ) : (
                        <EvaluationStatus status={e.status} progress={e.progress} />
                      )}
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.map((r) => (
                <Table.Tr key={r.key} data-testid={`compare-row-${r.key}`}>
                  <Table.Td>{te(`metrics.${r.key}`)}</Table.Td>
                  {cells(r, r.key === 'threshold' ? num3 : pct)}
                </Table.Tr>
              ))}
              {perClass.length > 0 && (
                <Table.Tr>
                  <Table.Td colSpan={c.evaluations.length + 1} bg="gray.0">
                    <Text size="xs" fw={600}>
                      {t('detail.perClass', { metric: te(`metrics.${perClass[0]!.key}`) })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {perClass.map((r) => (
                <Table.Tr key={r.name}>
                  <Table.Td>{r.name}</Table.Td>
                  {cells(r, pct)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
      <DisagreementGrid compare={c} classNames={classNames} />
    </PageFrame>
  );
}
