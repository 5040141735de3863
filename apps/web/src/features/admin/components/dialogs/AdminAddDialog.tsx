// Administrator add dialog: makes an eligible account a manager of the project. The server refuses
// accounts whose role or company does not allow it (NOT_ADMIN_ELIGIBLE), shown under the list.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maskName } from '@sightline/domain';
import { candidatesHook, useAddManager, type Candidate } from '../../api/projects';
import { PickerList } from '../PickerList';
import { ApiError, flash } from '../../shared';
import { showServerError } from '../../utils/server-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
}

export function AdminAddDialog({ opened, onClose, projectId }: Props) {
  const { t } = useTranslation('admin');
  const add = useAddManager(projectId);
  const [useCandidates] = useState(() => candidatesHook(projectId, 'manager'));
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPicked(null);
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    if (!picked) return;
    try {
      await add.mutateAsync(picked.id);
      flash('success', t('manager.added'));
      close();
    } catch (err) {
      // Field errors (NOT_ADMIN_ELIGIBLE on userId) belong in the dialog, next to the choice.
      if (err instanceof ApiError && err.field) setProblem(err.message);
      else showServerError(null, err);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('manager.addTitle')}
      size="lg"
      centered
      data-testid="admin-add-dialog"
    >
      <Stack>
        <PickerList<Candidate>
          useRows={useCandidates}
          enabled={opened}
          rowKey={(c) => c.id}
          picked={picked}
          onPicked={(c) => {
            setPicked(c);
            setProblem(null);
          }}
          columns={[
            { key: 'username', header: t('user.username'), render: (c) => c.username },
            { key: 'name', header: t('user.name'), render: (c) => maskName(c.name) },
            { key: 'department', header: t('user.department'), render: (c) => c.department },
            { key: 'role', header: t('user.role'), render: (c) => t(`roles.${c.roleId}`) },
          ]}
        />
        {problem && (
          <Alert color="red" variant="light">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!picked} loading={add.isPending} onClick={submit} data-testid="manager-save">
            {t('manager.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
