// Change user name dialog: the edit endpoint takes the whole account, so the other fields are sent
// back as they are.
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type UserRecord } from '@sightline/domain';
import { requiredText } from '@sightline/domain/tenancy/fields';
import { z } from 'zod';
import { useUpdateUser } from '../../api/users';
import { flash } from '../../shared';
import { domainResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-error';

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
  const form = useForm({ initialValues: { name: user.name }, validate: domainResolver(schema) });
  useEffect(() => {
    if (opened) {
      form.setValues({ name: user.name });
      form.clearErrors();
    }
  }, [opened]);

  const submit = form.onSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({
        roleId: user.roleId,
        companyId: user.company?.id ?? null,
        name,
        department: user.department,
        isTrial: user.isTrial,
        expiresAt: user.expiresAt,
      });
      flash('success', t('common.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('user.rename')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('user.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
