// Permission edit dialog: a participant's per-project permissions, at least one (SPEC §6).
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { maskName, permissionsUpdateSchema, type Participant } from '@sightline/domain';
import { useUpdatePermissions } from '../api/participants';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { flash } from '../../../components/shared';
import { domainResolver } from '../../../forms/form-resolver';
import { showServerError } from '../../../forms/server-error';

interface Props {
  projectId: number;
  participant: Participant | null;
  onClose: () => void;
}

export function PermissionEditDialog({ projectId, participant, onClose }: Props) {
  const { t } = useTranslation('admin');
  const save = useUpdatePermissions(projectId);
  const form = useForm<{ permissions: number[] }>({
    initialValues: { permissions: [] },
    validate: domainResolver(permissionsUpdateSchema),
  });
  useEffect(() => {
    if (participant) form.setValues({ permissions: participant.permissions });
    form.clearErrors();
  }, [participant]);

  const submit = form.onSubmit(async ({ permissions }) => {
    if (!participant) return;
    try {
      await save.mutateAsync({ userId: participant.id, permissions });
      flash('success', t('common.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal opened={participant !== null} onClose={onClose} title={t('permission.editTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {participant && (
            <Text size="sm">
              {maskName(participant.name)} ({participant.username})
            </Text>
          )}
          <PermissionCheckboxes
            value={form.values.permissions}
            onChange={(v) => form.setFieldValue('permissions', v)}
            error={form.errors.permissions}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="permission-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
