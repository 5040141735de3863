// The learning compare add dialog: 2–5 done models (model select dialog), their class information
// checked at once (checkCompare → 'Class info does not match'), a dataset of purpose evaluation of
// their type, an optional name and threshold. Not offered to trial accounts (the caller hides it).
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  COMPARE_MODELS,
  INSPECTION_THRESHOLD,
  LearningErrorCode,
  errorMessage,
  type LearningListItem,
} from '@sightline/domain';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { flash } from '../../../components/shared';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import { useEvaluationDatasets } from '../../evaluation/api/evaluations.api';
import { ModelSelectDialog } from '../../evaluation/components/ModelSelectDialog';
import { datasetFitsTask } from '../../evaluation/utils/dataset-fit';
import { useCompareCheck, useCreateCompare } from '../api/compares.api';

export function CompareAddDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('compare');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const project = useSession((s) => s.currentProject);
  const [models, setModels] = useState<LearningListItem[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [threshold, setThreshold] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const datasets = useEvaluationDatasets(opened ? project?.id : undefined);
  const check = useCompareCheck(models.map((m) => m.id));
  const create = useCreateCompare();

  const task = models[0]?.task;
  const options = (datasets.data ?? [])
    .filter((d) => !task || datasetFitsTask(task, d.type))
    .map((d) => ({ value: String(d.id), label: `${d.name} (${d.image_count.toLocaleString()})` }));
  const countOk = models.length >= COMPARE_MODELS.min && models.length <= COMPARE_MODELS.max;
  const mismatch = check.data && !check.data.match ? check.data.mismatch : null;
  const checkError = check.error instanceof ApiError ? check.error.message : null;
  const matched = countOk && check.data?.match === true;

  const close = () => {
    setModels([]);
    setDatasetId(null);
    setName('');
    setThreshold('');
    setError(null);
    onClose();
  };

  async function submit() {
    if (!countOk)
      return setError(errorMessage(LearningErrorCode.CompareModelCount, currentLocale(), COMPARE_MODELS));
    if (!datasetId) return setError(t('add.datasetRequired'));
    setError(null);
    try {
      const created = await create.mutateAsync({
        dataset_id: Number(datasetId),
        model_ids: models.map((m) => m.id),
        name: name.trim() || undefined,
        threshold: threshold === '' ? undefined : threshold,
      });
      flash('success', t('add.created'));
      close();
      navigate(`/train/inference/compare/${created.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message)
        setError(err.message);
      else handleApiError(err);
    }
  }

  const mismatchModel = mismatch ? models.find((m) => m.id === mismatch.model_id) : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('add.title')}
      size="lg"
      centered
      data-testid="compare-add-dialog"
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('add.models')}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setPickerOpen(true)}
              data-testid="open-compare-models"
            >
              {t('add.chooseModels')}
            </Button>
          </Group>
          {models.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('add.modelCount', COMPARE_MODELS)}
            </Text>
          ) : (
            <Group gap={6}>
              {models.map((m) => (
                <Badge
                  key={m.id}
                  size="lg"
                  tt="none"
                  variant="light"
                  color={mismatch?.model_id === m.id ? 'red' : undefined}
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={t('add.remove')}
                      onClick={() => setModels(models.filter((x) => x.id !== m.id))}
                    />
                  }
                  data-testid="compare-model-chip"
                >
                  {m.name}
                </Badge>
              ))}
            </Group>
          )}
          {models.length >= 2 && check.isFetching && (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="xs">{t('add.checking')}</Text>
            </Group>
          )}
          {mismatch && (
            <Alert color="red" variant="light" data-testid="class-mismatch">
              <Text size="sm" fw={600}>
                {errorMessage(LearningErrorCode.ClassInfoMismatch, currentLocale())}
              </Text>
              <Text size="xs">
                {t('add.mismatchAt', {
                  model: mismatchModel?.name ?? mismatch.model_id,
                  index: mismatch.index + 1,
                  reason: t(`add.reasons.${mismatch.reason}`),
                })}
              </Text>
            </Alert>
          )}
          {checkError && (
            <Alert color="red" variant="light">
              {checkError}
            </Alert>
          )}
          {matched && !check.isFetching && (
            <Group gap={6} c="teal" data-testid="class-match">
              <IconCheck size={14} />
              <Text size="xs">{t('add.match')}</Text>
            </Group>
          )}
        </Stack>
        <Select
          label={t('add.dataset')}
          description={t('add.datasetHint')}
          data={options}
          value={datasetId}
          onChange={setDatasetId}
          searchable
          data-testid="compare-dataset"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('add.name')}
            placeholder={t('add.namePlaceholder')}
            maxLength={30}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <NumberInput
            label={t('add.threshold')}
            description={t('add.thresholdHint')}
            min={INSPECTION_THRESHOLD.min}
            max={INSPECTION_THRESHOLD.max}
            step={0.05}
            decimalScale={3}
            clampBehavior="strict"
            value={threshold}
            onChange={(v) => setThreshold(typeof v === 'number' ? v : '')}
          />
        </Group>
        {error && (
          <Alert color="red" variant="light" data-testid="compare-add-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!matched}
            loading={create.isPending}
            data-testid="submit-compare"
          >
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
      <ModelSelectDialog
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        multiple
        max={COMPARE_MODELS.max}
        initial={models}
        onConfirm={(picked) => {
          setModels(picked);
          setDatasetId(null);
        }}
      />
    </Modal>
  );
}
