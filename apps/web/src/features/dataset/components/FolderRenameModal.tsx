// Dataset folder rename (SPEC §5): a new name is required and must not duplicate another folder.
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { folderNameError, type DatasetFolder } from '@sightline/domain';
import { flash } from '../../../components/flash';
import { useRenameFolder } from '../api/dataset-mutations.api';
import { codeMessage } from '../utils/code-message';
import { showFormError } from '../utils/form-error';

interface Props {
  datasetId: number;
  folder: DatasetFolder | null;
  folders: readonly DatasetFolder[];
  onClose: () => void;
}

export function FolderRenameModal({ datasetId, folder, folders, onClose }: Props) {
  const { t } = useTranslation('dataset');
  const rename = useRenameFolder(datasetId);
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (v) => {
        const taken = folders.filter((f) => f.id !== folder?.id).map((f) => f.name);
        const code = folderNameError(v, taken);
        return code ? codeMessage(code, { name: v.trim() }) : null;
      },
    },
  });

  useEffect(() => {
    if (folder) form.setValues({ name: folder.name });
    form.clearErrors();
  }, [folder?.id]);

  const submit = form.onSubmit(async ({ name }) => {
    if (!folder) return;
    try {
      await rename.mutateAsync({ folderId: folder.id, name: name.trim() });
      flash('success', t('folders.renamed'));
      onClose();
    } catch (err) {
      showFormError(err, (_f, m) => form.setFieldError('name', m), 'name');
    }
  });

  return (
    <Modal
      opened={folder != null}
      onClose={onClose}
      title={<Text fw={700}>{t('folders.renameTitle')}</Text>}
      data-testid="folder-rename-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('folders.current')} value={folder?.name ?? ''} readOnly variant="filled" />
          <TextInput
            label={t('folders.newName')}
            withAsterisk
            data-autofocus
            data-testid="folder-new-name"
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('upload.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} data-testid="folder-rename-submit">
              {t('folders.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
