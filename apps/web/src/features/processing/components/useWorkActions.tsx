// Row actions of the processing list: open (takes the edit lock, or the read-only result once final),
// final save, delete; each answers the server's message when refused.
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Work } from '@sightline/domain';
import { handleApiError } from '../../../api/error-handler';
import { confirm } from '../../../components/confirm';
import { flash } from '../../../components/flash';
import { processingApi, useProcessingMutation } from '../api/processing.api';

export const workspaceHref = (w: Work) =>
  `/train/processing/${w.id}/${w.task}${w.final_saved ? '/result' : ''}`;

export function useWorkActions() {
  const { t } = useTranslation('processing');
  const navigate = useNavigate();
  const call = useProcessingMutation((fn: () => Promise<unknown>) => fn());
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await call.mutateAsync(fn);
      return true;
    } catch (err) {
      handleApiError(err);
      return false;
    }
  };
  return {
    async open(w: Work) {
      if (!w.final_saved && !(await run(() => processingApi.lock(w.id)))) return;
      void navigate(workspaceHref(w));
    },
    async finalSave(w: Work) {
      if (
        !(await confirm({
          title: t('list.finalSaveTitle'),
          message: t('list.finalSaveMessage', { name: w.name }),
        }))
      )
        return;
      if (await run(() => processingApi.finalSave(w.id))) flash('success', t('list.savedFinal'));
    },
    async remove(w: Work) {
      const ok = await confirm({
        title: t('list.deleteTitle'),
        message: t('list.deleteMessage', { name: w.name, dir: w.save_dir }),
        danger: true,
      });
      if (ok && (await run(() => processingApi.remove(w.id)))) flash('success', t('list.deleted'));
    },
  };
}
