// The image dialog: one result image at full size with its overlays, actual and predicted class and score.
import { Badge, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultRow } from '@sightline/domain';
import { rowLabels } from '../utils/result-label';
import type { Judged } from '../utils/threshold';
import { PRED_COLOR, ResultImage, TRUE_COLOR } from './ResultImage';

interface Props {
  row: ResultRow | null;
  classNames: string[];
  judged?: Judged;
  onClose: () => void;
}

export function ResultViewer({ row, classNames, judged, onClose }: Props) {
  const { t } = useTranslation('evaluation');
  const [overlay, setOverlay] = useState(true);
  const predicted = judged ? (judged.ng ? 1 : 0) : (row?.predicted_class ?? null);
  const labels = row ? rowLabels(row, predicted, classNames, t) : null;
  const correct = judged ? judged.correct : row?.correct;
  const hasBoxes = Boolean(row?.pred_boxes?.length || row?.true_boxes?.length);
  return (
    <Modal
      opened={row != null}
      onClose={onClose}
      title={row?.file_name}
      size="xl"
      centered
      data-testid="result-viewer"
    >
      {row && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              {labels?.truth != null && (
                <Text size="sm">
                  {t('result.truth')}: <b>{labels.truth}</b>
                </Text>
              )}
              <Text size="sm">
                {t('result.prediction')}: <b>{labels?.predicted}</b>
              </Text>
              {row.score != null && (
                <Text size="sm">
                  {t('result.score')}: <b>{row.score.toFixed(4)}</b>
                </Text>
              )}
              {correct != null && (
                <Badge color={correct ? 'teal' : 'red'} variant="light">
                  {correct ? t('result.filter.correct') : t('result.filter.wrong')}
                </Badge>
              )}
            </Group>
            <Group gap="sm">
              {hasBoxes && (
                <>
                  <Text size="xs" c={PRED_COLOR}>
                    ■ {t('result.legendPred')}
                  </Text>
                  <Text size="xs" c={TRUE_COLOR}>
                    ┅ {t('result.legendTruth')}
                  </Text>
                </>
              )}
              <Switch
                size="xs"
                label={t('result.overlay')}
                checked={overlay}
                onChange={(e) => setOverlay(e.currentTarget.checked)}
              />
            </Group>
          </Group>
          <ResultImage row={row} large showOverlay={overlay} classNames={classNames} height={540} />
        </Stack>
      )}
    </Modal>
  );
}
