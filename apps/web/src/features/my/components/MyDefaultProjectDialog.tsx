// Default-project dialog for oneself: which of my projects opens at login.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../session/types';
import { flash } from '../../../components/flash';
import { showServerError } from '../../admin/utils/server-error';
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
  const [value, setValue] = useState('');
  useEffect(() => {
    if (opened) setValue(user.default_project ? String(user.default_project.id) : '');
  }, [opened, user.default_project]);

  const submit = async () => {
    try {
      await save.mutateAsync(value ? Number(value) : null);
      flash('success', t('saved'));
      onClose();
    } catch (err) {
      showServerError(null, err);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('defaultProject.title')}
      centered
      data-testid="my-default-project-dialog"
    >
      <Stack>
        {user.projects.length === 0 ? (
          <Text c="dimmed">{t('defaultProject.noProjects')}</Text>
        ) : (
          <Radio.Group value={value} onChange={setValue}>
            <Stack gap="xs">
              <Radio value="" label={t('defaultProject.none')} />
              {user.projects.map((p) => (
                <Radio key={p.id} value={String(p.id)} label={`${p.title} (${p.code})`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={user.projects.length === 0}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
