// The 3-month password alarm (SPEC §4): 'change now' or 'change after 3 months' (snooze on the server).
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { handleApiError } from '../api/error-handler';
import { setSession, useSession } from '../session/store';

export function PasswordAlarmModal() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const opened =
    !!user?.password_alarm && !user.reset_admin && !dismissed && pathname !== '/my/change-password';

  const later = async () => {
    setBusy(true);
    try {
      await api.post('/api/user/password-alarm/snooze');
      if (user) setSession({ user: { ...user, password_alarm: false } });
      setDismissed(true);
    } catch (err) {
      handleApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => setDismissed(true)}
      title={
        <Group gap={8}>
          <IconKey size={18} />
          <Text fw={700}>{t('common:passwordAlarm.title')}</Text>
        </Group>
      }
      centered
      data-testid="password-alarm"
    >
      <Text size="sm">{t('common:passwordAlarm.body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button
          variant="default"
          loading={busy}
          onClick={() => void later()}
          data-testid="password-alarm-later"
        >
          {t('common:passwordAlarm.later')}
        </Button>
        <Button
          onClick={() => {
            setDismissed(true);
            void navigate('/my/change-password');
          }}
          data-testid="password-alarm-now"
        >
          {t('common:passwordAlarm.now')}
        </Button>
      </Group>
    </Modal>
  );
}
