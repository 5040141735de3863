// Change user name dialog: the edit endpoint takes the whole account, so the other fields are sent
// back as they are.
import { useTranslation } from 'react-i18next';
import { type UserRecord } from '@sightline/domain';
import { requiredText } from '@sightline/domain/tenancy/fields';
import { z } from 'zod';
import { useUpdateUser } from '../api/users';
import { NameEditDialog } from '../../../components/NameEditDialog';

const schema = z.object({ name: requiredText(50) });

export function ChangeUserNameDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: UserRecord;
}) {
  const { t } = useTranslation('admin');
  const update = useUpdateUser(user.id);
  return (
    <NameEditDialog
      opened={opened}
      onClose={onClose}
      name={user.name}
      schema={schema}
      onSave={(name) =>
        update.mutateAsync({
          roleId: user.roleId,
          companyId: user.company?.id ?? null,
          name,
          department: user.department,
          isTrial: user.isTrial,
          expiresAt: user.expiresAt,
        })
      }
      saving={update.isPending}
      title={t('user.rename')}
      label={t('user.name')}
    />
  );
}
