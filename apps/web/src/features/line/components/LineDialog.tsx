// Add or edit an inspection line: code (unique within the project), name, product and process names.
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { lineInputSchema, type LineRecord, type LineInput } from '@sightline/domain';
import { useSaveLine } from '../api/lines';
import { flash } from '../../../components/shared';
import { domainResolver } from '../../../forms/form-resolver';
import { showServerError } from '../../../forms/server-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  line: LineRecord | null;
}

const EMPTY: LineInput = { code: '', name: '', productName: '', processName: '' };

export function LineDialog({ opened, onClose, projectId, line }: Props) {
  const { t } = useTranslation('admin');
  const save = useSaveLine(projectId);
  const form = useForm<LineInput>({
    initialValues: EMPTY,
    validate: domainResolver(lineInputSchema, {
      labels: { name: 'admin:fieldLabels.lineName', code: 'admin:fieldLabels.lineCode' },
    }),
  });
  useEffect(() => {
    if (opened)
      form.setValues(
        line
          ? { code: line.code, name: line.name, productName: line.productName, processName: line.processName }
          : EMPTY,
      );
    form.clearErrors();
  }, [opened, line]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, id: line?.id });
      flash('success', t('common.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t(line ? 'line.editTitle' : 'line.addTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('line.code')}
            withAsterisk
            data-testid="line-code"
            {...form.getInputProps('code')}
          />
          <TextInput
            label={t('line.name')}
            withAsterisk
            data-testid="line-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('line.productName')}
            withAsterisk
            data-testid="line-product"
            {...form.getInputProps('productName')}
          />
          <TextInput
            label={t('line.processName')}
            withAsterisk
            data-testid="line-process"
            {...form.getInputProps('processName')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="line-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
