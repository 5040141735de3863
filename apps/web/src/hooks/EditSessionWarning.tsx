// The warning modal of an editing session: one minute left, 'extend' keeps working.
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditSession } from './useEditSession';

export function EditSessionWarning({ session }: { session: EditSession }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={session.warning}
      onClose={session.extend}
      closeOnClickOutside={false}
      centered
      title={
        <Group gap={8}>
          <IconClockExclamation size={18} />
          <Text fw={700}>{t('common:editSession.title')}</Text>
        </Group>
      }
      data-testid="edit-session-warning"
    >
      <Text size="sm">{t('common:editSession.body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={session.extend} data-testid="edit-session-extend">
          {t('common:actions.extend')}
        </Button>
      </Group>
    </Modal>
  );
}
