// The default-project radio dialog (SPEC §6) shared by the admin user page and "my" page:
// they differ only in whose projects are listed, how the choice is saved and the texts' namespace.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { flash } from '../../../components/shared';
import { showServerError } from '../../../forms/server-error';

export interface DefaultProjectChoiceTexts {
  title: string;
  noProjects: string;
  none: string;
  cancel: string;
  save: string;
  saved: string;
}

export function DefaultProjectChoiceDialog({
  opened,
  onClose,
  projects,
  currentId,
  onSave,
  saving,
  texts,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  projects: ReadonlyArray<{ id: number; title: string; code: string }>;
  currentId: number | null | undefined;
  onSave: (projectId: number | null) => Promise<unknown>;
  saving: boolean;
  texts: DefaultProjectChoiceTexts;
  testId: string;
}) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (opened) setValue(currentId ? String(currentId) : '');
  }, [opened, currentId]);

  const submit = async () => {
    try {
      await onSave(value ? Number(value) : null);
      flash('success', texts.saved);
      onClose();
    } catch (err) {
      showServerError(null, err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} centered data-testid={testId}>
      <Stack>
        {projects.length === 0 ? (
          <Text c="dimmed">{texts.noProjects}</Text>
        ) : (
          <Radio.Group value={value} onChange={setValue}>
            <Stack gap="xs">
              <Radio value="" label={texts.none} />
              {projects.map((p) => (
                <Radio key={p.id} value={String(p.id)} label={`${p.title} (${p.code})`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button onClick={submit} loading={saving} disabled={projects.length === 0}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
