// The image dialog: one result image at full size with its overlays, actual and predicted class and score.
// sg with a stored ground truth: the true and the predicted masks side by side, with the class colours.
import { Badge, Group, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultRow } from '@sightline/domain';
import { rowLabels } from '../utils/result-label';
import type { Judged } from '../utils/threshold';
import { PRED_COLOR, ResultImage, TRUE_COLOR } from './ResultImage';
import { SgLegend } from './SgLegend';

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
          {row.true_mask_url ? (
            <Stack gap={6}>
              {overlay && <SgLegend classNames={classNames} />}
              <SimpleGrid cols={2} spacing="sm" data-testid="mask-compare">
                {(['truth', 'pred'] as const).map((m) => (
                  <Stack key={m} gap={4}>
                    <Text size="xs" fw={700} c={m === 'truth' ? TRUE_COLOR : PRED_COLOR}>
                      {t(m === 'truth' ? 'result.maskTruth' : 'result.maskPred')}
                    </Text>
                    <ResultImage
                      row={row}
                      large
                      showOverlay={overlay}
                      classNames={classNames}
                      height={420}
                      mask={m}
                    />
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          ) : (
            <ResultImage row={row} large showOverlay={overlay} classNames={classNames} height={540} />
          )}
        </Stack>
      )}
    </Modal>
  );
}
