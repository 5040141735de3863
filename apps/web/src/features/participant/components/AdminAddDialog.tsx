// Administrator add dialog: makes an account a manager of the project, chosen from the eligible
// candidates or typed as an ID. The server refuses accounts whose role or company does not allow it
// (NOT_ADMIN_ELIGIBLE, 'This account cannot be registered as an administrator'), shown in the dialog.
import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, maskName, type PageOf, type UserRecord } from '@sightline/domain';
import { candidatesHook, useAddManager, type Candidate } from '../api/participants';
import { http } from '../../../api/http';
import { currentLocale } from '../../../i18n';
import { PickerList } from '../../../components/PickerList';
import { ApiError, flash } from '../../../components/shared';
import { showServerError } from '../../../forms/server-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
}

/** The account with exactly this ID among those the admin may see, or null. */
async function findAccount(username: string): Promise<UserRecord | null> {
  const page = await http.get<PageOf<UserRecord>>('/api/admin/users', { q: username, perPage: 20 });
  return page.data.find((u) => u.username === username) ?? null;
}

export function AdminAddDialog({ opened, onClose, projectId }: Props) {
  const { t } = useTranslation('admin');
  const add = useAddManager(projectId);
  const [useCandidates] = useState(() => candidatesHook(projectId, 'manager'));
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPicked(null);
    setTyped('');
    setProblem(null);
    onClose();
  };
  const addUser = async (userId: number) => {
    try {
      await add.mutateAsync(userId);
      flash('success', t('manager.added'));
      close();
    } catch (err) {
      // Field errors (NOT_ADMIN_ELIGIBLE on userId) belong in the dialog, next to the choice.
      if (err instanceof ApiError && err.field) setProblem(err.message);
      else showServerError(null, err);
    }
  };
  const addTyped = async () => {
    const username = typed.trim();
    if (!username)
      return setProblem(errorMessage('FIELD_REQUIRED', currentLocale(), { label: t('user.username') }));
    const account = await findAccount(username).catch(() => null);
    if (!account) return setProblem(errorMessage('USERNAME_UNAVAILABLE', currentLocale()));
    await addUser(account.id);
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
        <Divider label={t('manager.byId')} labelPosition="center" />
        <Group align="flex-end" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label={t('user.username')}
            value={typed}
            data-testid="manager-username"
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setProblem(null);
            }}
          />
          <Button
            variant="default"
            onClick={addTyped}
            loading={add.isPending}
            data-testid="manager-add-by-id"
          >
            {t('manager.add')}
          </Button>
        </Group>
        {problem && (
          <Alert color="red" variant="light" data-testid="manager-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!picked}
            loading={add.isPending}
            onClick={() => picked && addUser(picked.id)}
            data-testid="manager-save"
          >
            {t('manager.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
