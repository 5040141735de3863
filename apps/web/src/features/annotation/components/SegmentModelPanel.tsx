// The sg workspace's click-segmentation model box: which pair the 'sam' tool uses (default, this
// project's refined pair, or an admin's upload), a button that refines the default pair on the
// project's sg masks (progress while the job runs, a cancel button, its translated error when it fails) and one that
// goes back to the default. When a refinement finishes, the next click loads the new pair.
import { Badge, Button, Group, Paper, Progress, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { flashError } from '../../../components/flash';
import { isRefining, useProjectSegmentModel, useSegmentModelActions } from '../api/segment-model.api';
import { resetSegmentModel } from '../hooks/useSegmenter';

const iou = (v: number | null) => (v === null ? '–' : v.toFixed(2));

export function SegmentModelPanel({ projectId, readOnly }: { projectId: number; readOnly?: boolean }) {
  const { t } = useTranslation('annotation');
  const state = useProjectSegmentModel(projectId);
  const { refine, revert, cancel } = useSegmentModelActions(projectId);
  const m = state.data;
  const busy = isRefining(m);
  const pairId = m?.active === 'refined' ? m.refined?.id : m?.active;
  const last = useRef(pairId);
  useEffect(() => {
    if (pairId !== undefined && last.current !== undefined && pairId !== last.current) resetSegmentModel();
    last.current = pairId;
  }, [pairId]);
  const onError = (err: unknown) => flashError(err instanceof Error ? err.message : String(err));

  return (
    <Paper withBorder radius="md" p={10} data-testid="segment-model-panel" data-active={m?.active}>
      <Group justify="space-between" gap={6} mb={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {t('segmentRefine.title')}
        </Text>
        {m && (
          <Badge size="sm" variant="light" color={m.active === 'default' ? 'gray' : 'teal'}>
            {t(`segmentRefine.active.${m.active}`)}
          </Badge>
        )}
      </Group>
      {m && (
        <>
          {m.refined && (
            <Text size="xs" data-testid="segment-refined-iou">
              {t('segmentRefine.result', {
                before: iou(m.refined.iou_before),
                after: iou(m.refined.iou_after),
                images: m.refined.images,
              })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('segmentRefine.masked', { count: m.masked_images, min: m.min_images })}
          </Text>
          {busy && m.job && (
            <>
              <Progress
                value={m.job.progress}
                size="sm"
                mt={6}
                animated
                data-testid="segment-refine-progress"
              />
              <Text size="xs" c="dimmed">
                {m.job.progress}% {m.job.message}
              </Text>
            </>
          )}
          {m.job?.outcome?.kept === false && (
            <Text size="xs" c="orange.8" data-testid="segment-refine-not-kept">
              {t('segmentRefine.notKept', {
                before: iou(m.job.outcome.iou_before),
                after: iou(m.job.outcome.iou_after),
              })}
            </Text>
          )}
          {m.job?.error && (
            <Text size="xs" c="red" data-testid="segment-refine-error">
              {m.job.error.message}
            </Text>
          )}
          <Group gap={6} mt={8}>
            <Button
              size="compact-xs"
              data-testid="segment-refine"
              disabled={readOnly || busy || m.masked_images < m.min_images}
              loading={refine.isPending}
              onClick={() => refine.mutate(undefined, { onError })}
            >
              {t('segmentRefine.refine')}
            </Button>
            {busy && m.job && (
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                data-testid="segment-refine-cancel"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(m.job!.id, { onError })}
              >
                {t('segmentRefine.cancel')}
              </Button>
            )}
            {m.refined && (
              <Button
                size="compact-xs"
                variant="default"
                data-testid="segment-revert"
                disabled={readOnly || busy}
                loading={revert.isPending}
                onClick={() => revert.mutate(undefined, { onError })}
              >
                {t('segmentRefine.revert')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Paper>
  );
}
