// Participant add dialog (SPEC §6): a participant is an existing user chosen from the project's
// company, or a new account made on the spot; either way with at least one permission.
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { maskName, participantAddSchema, type ParticipantAdd } from '@sightline/domain';
import { useAddParticipant, candidatesHook, type Candidate } from '../api/participants';
import { NewAccountFields } from '../../user/components/NewAccountFields';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { PickerList } from '../../../components/PickerList';
import { flash } from '../../../components/shared';
import { domainResolver } from '../../../forms/form-resolver';
import { showServerError } from '../../../forms/server-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
}

interface Values {
  mode: 'existing' | 'new';
  userId: number | null;
  user: {
    username: string;
    password: string;
    name: string;
    department: string;
    isTrial: boolean;
    expiresAt: string | null;
    roleId: 4 | 5;
  };
  permissions: number[];
}

const EMPTY: Values = {
  mode: 'existing',
  userId: null,
  user: { username: '', password: '', name: '', department: '', isTrial: false, expiresAt: null, roleId: 4 },
  permissions: [1],
};

export function ParticipantAddDialog({ opened, onClose, projectId }: Props) {
  const { t } = useTranslation('admin');
  const add = useAddParticipant(projectId);
  const [useCandidates] = useState(() => candidatesHook(projectId, 'participant'));
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: EMPTY, validate: domainResolver(participantAddSchema) });

  const close = () => {
    form.reset();
    setPicked(null);
    setChecked(null);
    onClose();
  };

  const submit = form.onSubmit(async (v) => {
    if (v.mode === 'new' && checked !== v.user.username) {
      form.setFieldError('user.username', t('common.checkFirst'));
      return;
    }
    const body = (
      v.mode === 'existing'
        ? { mode: 'existing', userId: v.userId, permissions: v.permissions }
        : { mode: 'new', user: { ...v.user, roleId: v.user.isTrial ? 5 : 4 }, permissions: v.permissions }
    ) as ParticipantAdd;
    try {
      await add.mutateAsync(body);
      flash('success', t('participant.added'));
      close();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('participant.addTitle')}
      size="lg"
      centered
      data-testid="participant-add-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            value={form.values.mode}
            onChange={(m) => form.setFieldValue('mode', m as Values['mode'])}
            data={[
              { value: 'existing', label: t('participant.existingUser') },
              { value: 'new', label: t('participant.newUser') },
            ]}
          />
          {form.values.mode === 'existing' ? (
            <>
              <PickerList<Candidate>
                useRows={useCandidates}
                rowKey={(u) => u.id}
                picked={picked}
                enabled={opened}
                onPicked={(u) => {
                  setPicked(u);
                  form.setFieldValue('userId', u.id);
                }}
                columns={[
                  { key: 'username', header: t('user.username'), render: (u) => u.username },
                  { key: 'name', header: t('user.name'), render: (u) => maskName(u.name) },
                  { key: 'department', header: t('user.department'), render: (u) => u.department },
                ]}
              />
              {form.errors.userId && (
                <Text size="xs" c="red">
                  {form.errors.userId}
                </Text>
              )}
            </>
          ) : (
            <NewAccountFields
              form={form}
              prefix="user."
              projectId={projectId}
              checkedUsername={checked}
              onChecked={setChecked}
            />
          )}
          <PermissionCheckboxes
            value={form.values.permissions}
            onChange={(p) => form.setFieldValue('permissions', p)}
            error={form.errors.permissions}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="participant-save">
              {t('participant.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
