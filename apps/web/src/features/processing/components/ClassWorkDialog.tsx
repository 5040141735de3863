// Class merge and class remove as processing works: a dataset, its classes, and (merge) the result name.
import { MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@sightline/domain';
import { currentLocale } from '../../../i18n';
import { useDatasetDetail, useProjectDatasets } from '../api/processing.api';
import { WorkDialog } from './WorkDialog';

export function ClassWorkDialog({
  kind,
  opened,
  onClose,
}: {
  kind: 'class_merge' | 'class_remove';
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('processing');
  const datasets = useProjectDatasets().data ?? [];
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [classIds, setClassIds] = useState<string[]>([]);
  const [resultName, setResultName] = useState('');
  const detail = useDatasetDetail(datasetId ? Number(datasetId) : null).data;
  const merge = kind === 'class_merge';
  return (
    <WorkDialog
      opened={opened}
      onClose={() => {
        setDatasetId(null);
        setClassIds([]);
        setResultName('');
        onClose();
      }}
      title={merge ? t('classWork.mergeTitle') : t('classWork.removeTitle')}
      help={merge ? undefined : t('classWork.removeHelp')}
      testId={merge ? 'class-merge-dialog' : 'class-remove-dialog'}
      fields={['dataset_id', 'class_ids', 'result_name']}
      body={() => {
        if (!datasetId) return { errors: { dataset_id: errorMessage('DATASET_REQUIRED', currentLocale()) } };
        const ids = classIds.map(Number);
        return merge
          ? { kind, dataset_id: Number(datasetId), class_ids: ids, result_name: resultName }
          : { kind, dataset_id: Number(datasetId), class_ids: ids };
      }}
    >
      {(errors) => (
        <Stack gap="sm">
          <Select
            label={t('form.dataset')}
            placeholder={t('form.datasetPlaceholder')}
            data={datasets.map((d) => ({
              value: String(d.id),
              label: `${d.name} (${t(`tasks.${d.type}`)})`,
            }))}
            value={datasetId}
            onChange={(v) => {
              setDatasetId(v);
              setClassIds([]);
            }}
            error={errors.dataset_id}
            searchable
            withAsterisk
            data-testid="class-work-dataset"
          />
          <MultiSelect
            label={t('classWork.classes')}
            data={(detail?.classes ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} (${c.image_count})`,
            }))}
            value={classIds}
            onChange={setClassIds}
            error={errors.class_ids}
            disabled={!detail}
            withAsterisk
            data-testid="class-work-classes"
          />
          {merge && (
            <TextInput
              label={t('classWork.resultName')}
              value={resultName}
              onChange={(e) => setResultName(e.currentTarget.value)}
              error={errors.result_name}
              withAsterisk
              data-testid="class-work-result-name"
            />
          )}
          {!merge && detail && (
            <Text size="xs" c="dimmed">
              {t('form.imageCount', { count: detail.image_count })}
            </Text>
          )}
        </Stack>
      )}
    </WorkDialog>
  );
}
