// A grid card of one result image: overlays, actual → predicted, score, and a border that tells right
// from wrong; on the ad page the live threshold's judgement and outline (SPEC §9 outline colours).
import { memo } from 'react';
import { AspectRatio, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResultRow } from '@sightline/domain';
import { rowLabels, rowLabelText } from '../utils/result-label';
import { OUTLINE_COLOR, type Judged } from '../utils/threshold';
import { ResultImage } from './ResultImage';

interface Props {
  row: ResultRow;
  classNames: string[];
  /** ad: the judgement at the slider's threshold (replaces the stored one). */
  judged?: Judged;
  showOverlay: boolean;
  /** sg: the predicted or the true mask. */
  mask?: 'pred' | 'truth';
  onOpen: (row: ResultRow) => void;
}

export const ResultCard = memo(function ResultCard({
  row,
  classNames,
  judged,
  showOverlay,
  mask,
  onOpen,
}: Props) {
  const { t } = useTranslation('evaluation');
  const predicted = judged ? (judged.ng ? 1 : 0) : row.predicted_class;
  const correct = judged ? judged.correct : row.correct;
  const outline = judged?.outline ?? null;
  // ad: the outline tells the live judgement; cf/od/sg: the border tells right from wrong.
  const border = outline
    ? OUTLINE_COLOR[outline]
    : correct == null || judged
      ? 'var(--mantine-color-gray-4)'
      : correct
        ? 'var(--mantine-color-teal-5)'
        : 'var(--mantine-color-red-6)';
  const label = rowLabelText(rowLabels(row, predicted, classNames, t), t);

  return (
    <Paper
      withBorder
      radius="sm"
      p={2}
      data-testid="result-card"
      data-file-name={row.file_name}
      data-correct={correct == null ? '' : String(correct)}
      data-predicted={predicted ?? ''}
      data-outline={outline ?? ''}
      className={outline ?? undefined}
      style={{ borderColor: border, borderWidth: outline ? 3 : 2 }}
    >
      <UnstyledButton
        onClick={() => onOpen(row)}
        w="100%"
        aria-label={row.file_name}
        style={{ cursor: 'zoom-in' }}
      >
        <AspectRatio ratio={1}>
          <ResultImage row={row} showOverlay={showOverlay} classNames={classNames} mask={mask} />
        </AspectRatio>
      </UnstyledButton>
      <Tooltip label={row.file_name} openDelay={500}>
        <Text size="xs" truncate px={2} pt={2}>
          {row.file_name}
        </Text>
      </Tooltip>
      <Group gap={4} px={2} justify="space-between" wrap="nowrap">
        <Text size="xs" truncate c={correct === false ? 'red' : undefined} title={label}>
          {label}
        </Text>
        {row.score != null && (
          <Text size="xs" c="dimmed" data-testid="result-score">
            {row.score.toFixed(3)}
          </Text>
        )}
      </Group>
    </Paper>
  );
});
