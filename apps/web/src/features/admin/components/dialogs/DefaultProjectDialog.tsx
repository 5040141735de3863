// Default-project dialog (SPEC §6): which of the user's projects opens at login.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '@sightline/domain';
import { useSetDefaultProject } from '../../api/users';
import { flash } from '../../shared';
import { showServerError } from '../../utils/server-error';

export function DefaultProjectDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: UserRecord;
}) {
  const { t } = useTranslation('admin');
  const save = useSetDefaultProject(user.id);
  const [value, setValue] = useState<string>('');
  useEffect(() => {
    if (opened) setValue(user.defaultProjectId ? String(user.defaultProjectId) : '');
  }, [opened, user.defaultProjectId]);

  const submit = async () => {
    try {
      await save.mutateAsync(value ? Number(value) : null);
      flash('success', t('common.saved'));
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
      data-testid="default-project-dialog"
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
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={user.projects.length === 0}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
