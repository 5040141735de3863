// The one-field "change name" dialog shared by companies and users: they differ in the schema that
// checks the name, how it is saved and the texts.
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { flash } from './shared';
import { domainResolver } from '../forms/form-resolver';
import { showServerError } from '../forms/server-error';

export function NameEditDialog({
  opened,
  onClose,
  name,
  schema,
  labels,
  onSave,
  saving,
  title,
  label,
}: {
  opened: boolean;
  onClose: () => void;
  /** The current name, put back into the field each time the dialog opens. */
  name: string;
  /** Validates `{ name }`; `labels` as in domainResolver. */
  schema: z.ZodType;
  labels?: Record<string, string>;
  onSave: (name: string) => Promise<unknown>;
  saving: boolean;
  title: string;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const form = useForm({ initialValues: { name }, validate: domainResolver(schema, { labels }) });
  useEffect(() => {
    if (opened) {
      form.setValues({ name });
      form.clearErrors();
    }
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSave(values.name);
      flash('success', t('common.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={label} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
