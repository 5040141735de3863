// The actual and predicted texts of one result row. cf/ad rows carry classes; an od row's classes are its
// first true box and its best predicted box (none: no object / no detection); an sg row has no single
// true class (its truth is a mask per class), so only the predicted dominant class is named.
import type { TFunction } from 'i18next';
import type { ResultRow } from '@sightline/domain';

export interface RowLabels {
  /** null when the row has no single true class (sg). */
  truth: string | null;
  predicted: string;
}

export function rowLabels(
  row: ResultRow,
  predicted: number | null,
  classNames: string[],
  t: TFunction<'evaluation'>,
): RowLabels {
  const name = (i: number) => classNames[i] ?? String(i);
  const od = row.true_boxes !== undefined || row.pred_boxes !== undefined;
  const sg = row.mask_url != null;
  const truth =
    row.true_class != null
      ? name(row.true_class)
      : sg
        ? null
        : od
          ? t('result.noObject')
          : t('result.unlabeled');
  const pred =
    predicted != null
      ? name(predicted)
      : od
        ? t('result.noDetection')
        : sg
          ? t('result.noRegion')
          : t('result.unlabeled');
  return { truth, predicted: pred };
}

/** The one-line card label: 'actual → predicted', or 'Predicted: class' when there is no single truth. */
export function rowLabelText(l: RowLabels, t: TFunction<'evaluation'>): string {
  return l.truth == null ? `${t('result.prediction')}: ${l.predicted}` : `${l.truth} → ${l.predicted}`;
}
