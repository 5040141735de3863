// Default-project dialog for oneself: which of my projects opens at login.
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../session/types';
import { DefaultProjectChoiceDialog } from './DefaultProjectChoiceDialog';
import { useSetMyDefaultProject } from '../api/my';

export function MyDefaultProjectDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: UserInfo;
}) {
  const { t } = useTranslation('my');
  const save = useSetMyDefaultProject();
  return (
    <DefaultProjectChoiceDialog
      opened={opened}
      onClose={onClose}
      projects={user.projects}
      currentId={user.default_project?.id}
      onSave={(id) => save.mutateAsync(id)}
      saving={save.isPending}
      testId="my-default-project-dialog"
      texts={{
        title: t('defaultProject.title'),
        noProjects: t('defaultProject.noProjects'),
        none: t('defaultProject.none'),
        cancel: t('cancel'),
        save: t('save'),
        saved: t('saved'),
      }}
    />
  );
}
