// Class merge dialog (SPEC §5): at least 2 existing classes, each once, and a result name that does
// not collide with a class outside the merge.
import { useEffect } from 'react';
import { Button, Group, Modal, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { mergeClassesError, MERGE_MIN, type DatasetClass } from '@sightline/domain';
import { flash } from '../../../components/flash';
import { useMergeClasses } from '../api/dataset-mutations.api';
import { codeMessage } from '../utils/code-message';
import { showFormError } from '../utils/form-error';

interface Props {
  datasetId: number;
  classes: readonly DatasetClass[];
  opened: boolean;
  onClose: () => void;
}

interface Values {
  ids: string[];
  name: string;
  okFlag: 'ok' | 'ng';
}

export function ClassMergeModal({ datasetId, classes, opened, onClose }: Props) {
  const { t } = useTranslation('dataset');
  const merge = useMergeClasses(datasetId);
  const form = useForm<Values>({
    initialValues: { ids: [], name: '', okFlag: 'ng' },
    validate: (v) => {
      if (v.ids.length < MERGE_MIN) return { ids: t('validation.mergeInvalid') };
      if (!v.name.trim()) return { name: t('validation.mergeResultRequired') };
      const code = mergeClassesError(classes, v.ids.map(Number), v.name.trim());
      return code ? { name: codeMessage(code) } : {};
    },
  });

  useEffect(() => {
    if (opened) {
      form.reset();
      form.clearErrors();
    }
  }, [opened]);

  // The merged class keeps the OK flag of the first class picked unless the user changes it.
  const onPick = (ids: string[]) => {
    form.setFieldValue('ids', ids);
    const first = classes.find((c) => String(c.id) === ids[0]);
    if (first && form.values.ids.length === 0) {
      form.setFieldValue('okFlag', first.is_ok ? 'ok' : 'ng');
      if (!form.values.name) form.setFieldValue('name', first.name);
    }
  };

  const submit = form.onSubmit(async (v) => {
    const first = classes.find((c) => String(c.id) === v.ids[0]);
    try {
      await merge.mutateAsync({
        class_ids: v.ids.map(Number),
        name: v.name.trim(),
        color: first?.color,
        is_ok: v.okFlag === 'ok',
      });
      flash('success', t('classes.merged'));
      onClose();
    } catch (err) {
      showFormError(err, (f, m) => form.setFieldError(f === 'class_ids' ? 'ids' : 'name', m), 'name');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{t('classes.mergeTitle')}</Text>}
      data-testid="class-merge-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <MultiSelect
            label={t('classes.mergeSelect')}
            withAsterisk
            searchable
            data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.ids}
            onChange={onPick}
            error={form.errors.ids}
            data-testid="merge-classes"
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={200}
          />
          <TextInput
            label={t('classes.mergeResult')}
            withAsterisk
            data-testid="merge-name"
            {...form.getInputProps('name')}
          />
          <SegmentedControl
            data={[
              { value: 'ok', label: t('classes.ok') },
              { value: 'ng', label: t('classes.ng') },
            ]}
            {...form.getInputProps('okFlag')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('upload.cancel')}
            </Button>
            <Button type="submit" loading={merge.isPending} data-testid="merge-submit">
              {t('classes.merge')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
