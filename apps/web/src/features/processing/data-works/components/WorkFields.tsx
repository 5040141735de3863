// The fields every data processing work starts with: work name (≤ 30), save folder, source dataset and
// description; server field errors (err.field) are shown under their input.
import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WORK_NAME_MAX, type DatasetSummary } from '@sightline/domain';

export interface WorkValues {
  name: string;
  save_dir: string;
  dataset_id: number | null;
  description: string;
}

export const emptyWork = (): WorkValues => ({ name: '', save_dir: '', dataset_id: null, description: '' });

export function WorkFields({
  values,
  onChange,
  datasets,
  errors,
}: {
  values: WorkValues;
  onChange: (v: WorkValues) => void;
  datasets: readonly DatasetSummary[];
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('processing-data');
  return (
    <Stack gap="sm">
      <Select
        label={t('common.dataset')}
        placeholder={t('common.datasetPlaceholder')}
        data={datasets.map((d) => ({
          value: String(d.id),
          label: `${d.name} (${d.type}, ${t('common.images', { count: d.image_count })})`,
        }))}
        value={values.dataset_id ? String(values.dataset_id) : null}
        onChange={(v) => onChange({ ...values, dataset_id: v ? Number(v) : null })}
        error={errors.dataset_id}
        searchable
        required
        data-testid="work-dataset"
      />
      <TextInput
        label={t('common.workName')}
        value={values.name}
        maxLength={WORK_NAME_MAX}
        onChange={(e) => onChange({ ...values, name: e.currentTarget.value })}
        error={errors.name}
        required
        data-testid="work-name"
      />
      <TextInput
        label={t('common.saveDir')}
        description={t('common.saveDirHint')}
        value={values.save_dir}
        onChange={(e) => onChange({ ...values, save_dir: e.currentTarget.value })}
        error={errors.save_dir}
        required
        data-testid="work-save-dir"
      />
      <Textarea
        label={t('common.description')}
        value={values.description}
        onChange={(e) => onChange({ ...values, description: e.currentTarget.value })}
        autosize
        minRows={2}
      />
    </Stack>
  );
}
