// Class add/edit dialog: name, colour, OK flag and (when editing) order. Names follow the name rules,
// may not duplicate another class, and a dataset holds at most 34 classes (SPEC §5).
import { useEffect } from 'react';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  addClassError,
  classColorAt,
  classNameError,
  CLASS_COLORS,
  COLOR_PATTERN,
  DatasetErrorCode,
  type DatasetClass,
} from '@sightline/domain';
import { flash } from '../../../components/flash';
import { useCreateClass, useUpdateClass } from '../api/dataset-mutations.api';
import { codeMessage } from '../utils/code-message';
import { showFormError } from '../utils/form-error';

interface Props {
  datasetId: number;
  classes: readonly DatasetClass[];
  /** 'new' opens the add form; a class opens the edit form; null closes. */
  target: DatasetClass | 'new' | null;
  onClose: () => void;
}

interface Values {
  name: string;
  color: string;
  okFlag: 'ok' | 'ng';
  order: number;
}

export function ClassEditModal({ datasetId, classes, target, onClose }: Props) {
  const { t } = useTranslation('dataset');
  const create = useCreateClass(datasetId);
  const update = useUpdateClass(datasetId);
  const editing = target !== null && target !== 'new' ? target : null;

  const form = useForm<Values>({
    initialValues: { name: '', color: classColorAt(0), okFlag: 'ng', order: 1 },
    validate: {
      name: (v) => {
        const others = classes.filter((c) => c.id !== editing?.id);
        const code = editing ? (classNameError(v) ?? dupCode(others, v)) : addClassError(others, v);
        return code ? codeMessage(code) : null;
      },
      color: (v) => (COLOR_PATTERN.test(v) ? null : t('validation.colorInvalid')),
    },
  });

  useEffect(() => {
    if (target === null) return;
    if (target === 'new')
      form.setValues({
        name: '',
        color: classColorAt(classes.length),
        okFlag: 'ng',
        order: classes.length + 1,
      });
    // Orders are 0-based on the server and shown 1-based.
    else
      form.setValues({
        name: target.name,
        color: target.color,
        okFlag: target.is_ok ? 'ok' : 'ng',
        order: target.order + 1,
      });
    form.clearErrors();
  }, [target]);

  const submit = form.onSubmit(async (v) => {
    const input = { name: v.name.trim(), color: v.color.toLowerCase(), is_ok: v.okFlag === 'ok' };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...input, order: Math.max(0, v.order - 1) });
      else await create.mutateAsync(input);
      flash('success', t('classes.saved'));
      onClose();
    } catch (err) {
      showFormError(err, (f, m) => form.setFieldError(f === 'is_ok' ? 'okFlag' : f, m), 'name');
    }
  });

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<Text fw={700}>{editing ? t('classes.editTitle') : t('classes.addTitle')}</Text>}
      data-testid="class-edit-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('classes.name')}
            withAsterisk
            data-autofocus
            data-testid="class-name"
            {...form.getInputProps('name')}
          />
          <ColorInput
            label={t('classes.color')}
            format="hex"
            swatches={[...CLASS_COLORS]}
            swatchesPerRow={10}
            {...form.getInputProps('color')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('classes.okFlag')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'ok', label: t('classes.ok') },
                { value: 'ng', label: t('classes.ng') },
              ]}
              {...form.getInputProps('okFlag')}
            />
          </Stack>
          {editing && (
            <NumberInput
              label={t('classes.order')}
              min={1}
              max={classes.length}
              allowDecimal={false}
              {...form.getInputProps('order')}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('classes.rules')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('upload.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="class-save">
              {t('classes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function dupCode(others: readonly DatasetClass[], name: string): string | null {
  const key = name.trim().toLowerCase();
  return others.some((c) => c.name.toLowerCase() === key) ? DatasetErrorCode.ClassDuplicate : null;
}
