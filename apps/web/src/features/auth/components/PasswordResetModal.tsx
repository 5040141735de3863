// Password-reset request from the login page (ID required). The server answers e.g.
// RESET_ALREADY_REQUESTED; its translated message is shown under the ID field.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';

export function PasswordResetModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '' },
    validate: { username: (v) => (v.trim() ? null : t('reset.required')) },
  });
  const close = () => {
    form.reset();
    setDone(false);
    onClose();
  };
  const submit = form.onSubmit(async ({ username }) => {
    setBusy(true);
    try {
      await api.post('/api/auth/password-reset-request', { username: username.trim() });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message)
        form.setFieldError('username', err.message);
      else handleApiError(err);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{t('reset.title')}</Text>}
      centered
      data-testid="reset-modal"
    >
      {done ? (
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="reset-done">
            {t('reset.done')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('reset.body')}
            </Text>
            <TextInput
              label={t('reset.username')}
              withAsterisk
              data-autofocus
              data-testid="reset-username"
              {...form.getInputProps('username')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="reset-submit">
                {t('reset.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
