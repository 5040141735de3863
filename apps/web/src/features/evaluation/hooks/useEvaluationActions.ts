// Cancel, delete and result download of an evaluation, with the rules of SPEC §4 checked before asking
// the server (translated messages with the current status); the server checks the same rules again.
import { useTranslation } from 'react-i18next';
import {
  LearningErrorCode,
  canCancelEvaluation,
  canDeleteEvaluation,
  errorMessage,
  type EvaluationListItem,
} from '@sightline/domain';
import { handleApiError } from '../../../api/error-handler';
import { confirm, flash, flashError } from '../../../components/shared';
import { currentLocale } from '../../../i18n';
import { openDownloadModal } from '../../../shell/download-modal';
import { useCancelEvaluation, useDeleteEvaluation, useRequestResultDownload } from '../api/evaluations.api';

type Row = Pick<EvaluationListItem, 'id' | 'name' | 'status'>;

export function useEvaluationActions() {
  const { t } = useTranslation('evaluation');
  const cancelMut = useCancelEvaluation();
  const deleteMut = useDeleteEvaluation();
  const downloadMut = useRequestResultDownload();

  async function cancel(row: Row): Promise<boolean> {
    if (!canCancelEvaluation(row.status)) {
      flashError(
        errorMessage(LearningErrorCode.EvaluationNotCancelable, currentLocale(), {
          status: t(`status.${row.status}`),
        }),
      );
      return false;
    }
    if (
      !(await confirm({
        title: t('actions.cancelTitle'),
        message: t('actions.cancelConfirm', { name: row.name }),
      }))
    )
      return false;
    await cancelMut.mutateAsync(row.id);
    flash('success', t('actions.canceled'));
    return true;
  }

  async function remove(row: Row): Promise<boolean> {
    if (!canDeleteEvaluation(row.status)) {
      flashError(errorMessage(LearningErrorCode.EvaluationDeleteInProgress, currentLocale()));
      return false;
    }
    if (
      !(await confirm({
        title: t('actions.deleteTitle'),
        message: t('actions.deleteConfirm', { name: row.name }),
        danger: true,
      }))
    )
      return false;
    await deleteMut.mutateAsync(row.id);
    flash('success', t('actions.deleted'));
    return true;
  }

  async function download(id: number): Promise<void> {
    try {
      await downloadMut.mutateAsync(id);
    } catch (err) {
      return handleApiError(err);
    }
    flash('success', t('actions.downloadRequested'));
    openDownloadModal();
  }

  /** Swallows the error the general handler already showed. */
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  return {
    cancel: (row: Row) => quiet(cancel(row)),
    remove: (row: Row, after?: () => void) => quiet(remove(row).then((ok) => ok && after?.())),
    download: (id: number) => quiet(download(id)),
    downloading: downloadMut.isPending,
  };
}
