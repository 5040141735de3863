// Default-project dialog (SPEC §6): which of the user's projects opens at login.
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '@sightline/domain';
import { useSetDefaultProject } from '../api/users';
import { DefaultProjectChoiceDialog } from './DefaultProjectChoiceDialog';

export function DefaultProjectDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: UserRecord;
}) {
  const { t } = useTranslation('admin');
  const save = useSetDefaultProject(user.id);
  return (
    <DefaultProjectChoiceDialog
      opened={opened}
      onClose={onClose}
      projects={user.projects}
      currentId={user.defaultProjectId}
      onSave={(id) => save.mutateAsync(id)}
      saving={save.isPending}
      testId="default-project-dialog"
      texts={{
        title: t('defaultProject.title'),
        noProjects: t('defaultProject.noProjects'),
        none: t('defaultProject.none'),
        cancel: t('common.cancel'),
        save: t('common.save'),
        saved: t('common.saved'),
      }}
    />
  );
}
