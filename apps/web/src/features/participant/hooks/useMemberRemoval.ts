// Removing someone from a project (participant or manager role): confirm with the masked name,
// remove, then say so; server refusals are shown as they come.
import { useTranslation } from 'react-i18next';
import { maskName, type Participant } from '@sightline/domain';
import { confirm, flash } from '../../../components/shared';
import { showServerError } from '../../../forms/server-error';

export function useMemberRemoval(
  remove: { mutateAsync: (userId: number) => Promise<unknown> },
  keys: { title: string; confirm: string },
) {
  const { t } = useTranslation('admin');
  return async (p: Participant) => {
    const ok = await confirm({
      title: t(keys.title),
      message: t(keys.confirm, { name: maskName(p.name) }),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(p.id);
      flash('success', t('common.deleted'));
    } catch (err) {
      showServerError(null, err);
    }
  };
}
