// Merge labeling (SPEC §2 dialog): at least 2 datasets of one work type into a new folder.
import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, mergeDatasetsIssue } from '@sightline/domain';
import { currentLocale } from '../../../i18n';
import { useProjectDatasets } from '../api/processing.api';
import { WorkDialog } from './WorkDialog';

export function MergeLabelingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('processing');
  const datasets = useProjectDatasets().data ?? [];
  const [ids, setIds] = useState<string[]>([]);
  return (
    <WorkDialog
      opened={opened}
      onClose={() => {
        setIds([]);
        onClose();
      }}
      title={t('merge.title')}
      help={t('merge.help')}
      testId="merge-dialog"
      fields={['dataset_ids']}
      body={() => {
        const issue = mergeDatasetsIssue(ids.map(Number));
        if (issue)
          return { errors: { dataset_ids: errorMessage(issue.code, currentLocale(), issue.params) } };
        return { kind: 'merge', dataset_ids: ids.map(Number) };
      }}
    >
      {(errors) => (
        <MultiSelect
          label={t('form.datasets')}
          placeholder={t('form.datasetPlaceholder')}
          data={datasets.map((d) => ({ value: String(d.id), label: `${d.name} (${t(`tasks.${d.type}`)})` }))}
          value={ids}
          onChange={setIds}
          error={errors.dataset_ids}
          searchable
          withAsterisk
          data-testid="merge-datasets"
        />
      )}
    </WorkDialog>
  );
}
