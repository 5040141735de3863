// A processing-work create dialog: the common work fields, the kind's own fields, and create. On
// success the work appears in the list (status waiting → saving → done).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { flash } from '../../../components/flash';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import { processingApi, useProcessingMutation } from '../api/processing.api';
import {
  WorkFields,
  applySubmitError,
  emptyWorkFields,
  workFieldErrors,
  type WorkFieldValues,
} from './WorkFields';

export interface WorkDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  help?: string;
  testId: string;
  /** The kind's fields; `errors` holds their server errors by field name. */
  children: (errors: Record<string, string>) => ReactNode;
  /** The kind's part of the create body, or a field → message map when it is not complete. */
  body: () => Record<string, unknown> | { errors: Record<string, string> };
  fields: readonly string[];
  onCreated?: () => void;
}

export function WorkDialog({
  opened,
  onClose,
  title,
  help,
  testId,
  children,
  body,
  fields,
  onCreated,
}: WorkDialogProps) {
  const { t } = useTranslation('processing');
  const projectId = useSession((s) => s.currentProject?.id);
  const [values, setValues] = useState<WorkFieldValues>(emptyWorkFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useProcessingMutation((b: Record<string, unknown>) => processingApi.create(projectId!, b));

  const close = () => {
    setValues(emptyWorkFields());
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const own = body();
    const ownErrors = 'errors' in own ? (own.errors as Record<string, string>) : {};
    const errs = { ...workFieldErrors(values, currentLocale()), ...ownErrors };
    setErrors(errs);
    if (Object.keys(errs).length || 'errors' in own) return;
    try {
      await create.mutateAsync({
        ...(own as Record<string, unknown>),
        ...values,
        name: values.name.trim(),
        save_dir: values.save_dir.trim(),
      });
      flash('success', t('form.created'));
      onCreated?.();
      close();
    } catch (err) {
      applySubmitError(err, setErrors, ['name', 'save_dir', ...fields]);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered data-testid={testId}>
      <Stack gap="md">
        {help && (
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        )}
        {children(errors)}
        <WorkFields values={values} onChange={setValues} errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending} data-testid={`${testId}-submit`}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
