// /train/processing/add/new: a new labeling work on a dataset (≥ 100 images, SPEC §5): the work fields,
// the dataset and optionally some of its folders, and the work type.
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MANUAL_LABELING_MIN_IMAGES, PROCESSING_TASKS, type ProcessingTask } from '@sightline/domain';
import { PageFrame } from '../../../components/PageFrame';
import { flash } from '../../../components/flash';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import {
  processingApi,
  useDatasetDetail,
  useProcessingMutation,
  useProjectDatasets,
} from '../api/processing.api';
import { WorkFields, applySubmitError, emptyWorkFields, workFieldErrors } from '../components/WorkFields';

export default function NewLabelingPage() {
  const { t } = useTranslation('processing');
  const navigate = useNavigate();
  const projectId = useSession((s) => s.currentProject?.id);
  const datasets = useProjectDatasets().data ?? [];
  const [values, setValues] = useState(emptyWorkFields);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [folders, setFolders] = useState<string[]>([]);
  const [task, setTask] = useState<ProcessingTask | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const detail = useDatasetDetail(datasetId ? Number(datasetId) : null).data;
  const create = useProcessingMutation((b: Parameters<typeof processingApi.create>[1]) =>
    processingApi.create(projectId!, b),
  );

  const count = detail
    ? folders.length
      ? detail.folders.filter((f) => folders.includes(String(f.id))).reduce((s, f) => s + f.image_count, 0)
      : detail.image_count
    : null;
  const dsTask = detail && detail.type !== 'ad' ? detail.type : 'cf';

  const submit = async () => {
    const errs = workFieldErrors(values, currentLocale());
    if (!datasetId) errs.dataset_id = t('form.datasetPlaceholder');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await create.mutateAsync({
        kind: 'new',
        ...values,
        dataset_id: Number(datasetId),
        folder_ids: folders.map(Number),
        task: task ?? dsTask,
      });
      flash('success', t('form.created'));
      void navigate('/train/processing');
    } catch (err) {
      applySubmitError(err, setErrors, ['name', 'save_dir', 'dataset_id']);
    }
  };

  return (
    <PageFrame
      title={t('kinds.new')}
      back={{ to: '/train/processing/add', label: t('addPage.title') }}
      testId="new-labeling-page"
    >
      <Paper withBorder radius="lg" p="lg" maw={720}>
        <Stack gap="md">
          <Select
            label={t('form.dataset')}
            placeholder={t('form.datasetPlaceholder')}
            data={datasets.map((d) => ({
              value: String(d.id),
              label: `${d.name} (${t(`tasks.${d.type}`)}, ${t('form.imageCount', { count: d.image_count })})`,
            }))}
            value={datasetId}
            onChange={(v) => {
              setDatasetId(v);
              setFolders([]);
              setTask(null);
            }}
            error={errors.dataset_id}
            searchable
            withAsterisk
            data-testid="new-dataset"
          />
          <MultiSelect
            label={t('form.folders')}
            placeholder={t('form.foldersPlaceholder')}
            data={(detail?.folders ?? []).map((f) => ({
              value: String(f.id),
              label: `${f.name} (${f.image_count})`,
            }))}
            value={folders}
            onChange={setFolders}
            disabled={!detail}
            clearable
          />
          {count !== null && (
            <Text
              size="sm"
              c={count < MANUAL_LABELING_MIN_IMAGES ? 'red' : 'dimmed'}
              data-testid="new-image-count"
            >
              {t('form.imageCount', { count })}
              {count < MANUAL_LABELING_MIN_IMAGES &&
                ` · ${t('form.minImages', { min: MANUAL_LABELING_MIN_IMAGES })}`}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.task')}
            </Text>
            <SegmentedControl
              value={task ?? dsTask}
              onChange={(v) => setTask(v as ProcessingTask)}
              data={PROCESSING_TASKS.map((k) => ({ value: k, label: t(`tasks.${k}`) }))}
              data-testid="new-task"
            />
          </Stack>
          <WorkFields values={values} onChange={setValues} errors={errors} />
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/train/processing/add')}>
              {t('form.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={create.isPending} data-testid="new-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
