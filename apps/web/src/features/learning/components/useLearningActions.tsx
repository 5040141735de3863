// Cancel and delete of one training, with confirmation; the server's translated refusal (e.g.
// LEARNING_NOT_CANCELABLE with the current status) is shown as it came.
import { useTranslation } from 'react-i18next';
import type { LearningListItem } from '@sightline/domain';
import { confirm } from '../../../components/confirm';
import { flash, flashError } from '../../../components/flash';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { useCancelLearning, useDeleteLearning } from '../api/learning.api';

export function useLearningActions() {
  const { t } = useTranslation('learning');
  const cancelM = useCancelLearning();
  const deleteM = useDeleteLearning();

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401)
      flashError(err.message);
    else handleApiError(err);
  };

  const cancel = async (l: Pick<LearningListItem, 'id' | 'name'>) => {
    if (
      !(await confirm({
        title: t('list.confirmCancelTitle'),
        message: t('list.confirmCancel', { name: l.name }),
        danger: true,
      }))
    )
      return false;
    try {
      await cancelM.mutateAsync(l.id);
      flash('success', t('list.canceled'));
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  };

  const remove = async (l: Pick<LearningListItem, 'id' | 'name'>) => {
    if (
      !(await confirm({
        title: t('list.confirmDeleteTitle'),
        message: t('list.confirmDelete', { name: l.name }),
        danger: true,
      }))
    )
      return false;
    try {
      await deleteM.mutateAsync(l.id);
      flash('success', t('list.deleted'));
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  };

  return { cancel, remove, busy: cancelM.isPending || deleteM.isPending };
}
