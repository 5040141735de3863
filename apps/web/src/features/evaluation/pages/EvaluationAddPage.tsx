// /train/inference/add: a done model (model select dialog), a dataset of purpose 'single performance
// evaluation' of the model's type, an optional name and threshold, and the inference parameters of the
// model's algorithm row (within its min/max). The server checks the same rules again.
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCpu } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  INSPECTION_THRESHOLD,
  checkTrainParams,
  errorMessage,
  type AlgorithmParam,
  type LearningListItem,
} from '@sightline/domain';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { PageFrame } from '../../../components/PageFrame';
import { flash } from '../../../components/shared';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import { useCreateEvaluation, useEvaluationDatasets, useTrainingAlgorithms } from '../api/evaluations.api';
import { ModelSelectDialog } from '../components/ModelSelectDialog';
import { datasetFitsTask } from '../utils/dataset-fit';
import { detailHref } from '../utils/evaluation-format';

export default function EvaluationAddPage() {
  const { t, i18n } = useTranslation('evaluation');
  const navigate = useNavigate();
  const project = useSession((s) => s.currentProject);
  const [model, setModel] = useState<LearningListItem | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [threshold, setThreshold] = useState<number | ''>('');
  const [values, setValues] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const datasets = useEvaluationDatasets(project?.id);
  const algorithms = useTrainingAlgorithms(project?.id, model?.task);
  const create = useCreateEvaluation();
  const lang = i18n.language === 'en' ? 'en' : 'ko';

  const row = algorithms.data?.find((a) => a.id === model?.algorithm.id);
  const params = useMemo(() => (row?.inferenceParams ?? []) as AlgorithmParam[], [row]);
  const options = (datasets.data ?? [])
    .filter((d) => !model || datasetFitsTask(model.task, d.type))
    .map((d) => ({ value: String(d.id), label: `${d.name} (${d.image_count.toLocaleString()})` }));

  const chooseModel = (m: LearningListItem) => {
    setModel(m);
    setValues({});
    setDatasetId(null);
    setErrors({});
  };

  async function submit() {
    const next: Record<string, string> = {};
    if (!model) next.model = t('add.modelRequired');
    if (!datasetId) next.dataset = t('add.datasetRequired');
    const checked = checkTrainParams(params, values);
    if (checked.issue) next.params = errorMessage(checked.issue.code, currentLocale(), checked.issue.params);
    setErrors(next);
    if (Object.keys(next).length || !model || !datasetId) return;
    try {
      const created = await create.mutateAsync({
        model_id: model.id,
        dataset_id: Number(datasetId),
        name: name.trim() || undefined,
        threshold: threshold === '' ? undefined : threshold,
        params: values,
      });
      flash('success', t('add.created'));
      navigate(detailHref(created.id, created.task));
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) {
        setErrors({ form: err.message });
      } else handleApiError(err);
    }
  }

  return (
    <PageFrame
      title={t('add.title')}
      testId="evaluation-add-page"
      back={{ to: '/train/inference', label: t('add.back') }}
    >
      <Paper withBorder p="md" maw={860}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('add.model')}
            </Text>
            <Group gap="sm">
              {model ? (
                <Group gap={6} data-testid="chosen-model">
                  <IconCpu size={16} />
                  <Text fw={500}>{model.name}</Text>
                  <Badge variant="light" size="sm">
                    {t(`tasks.${model.task}`)}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {model.algorithm.name}
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('add.noModel')}
                </Text>
              )}
              <Button
                variant="light"
                size="xs"
                onClick={() => setPickerOpen(true)}
                data-testid="open-model-select"
              >
                {model ? t('add.changeModel') : t('add.chooseModel')}
              </Button>
            </Group>
            {errors.model && (
              <Text size="xs" c="red">
                {errors.model}
              </Text>
            )}
          </Stack>
          <Select
            label={t('add.dataset')}
            description={t('add.datasetHint')}
            data={options}
            value={datasetId}
            onChange={setDatasetId}
            searchable
            w={420}
            error={errors.dataset}
            nothingFoundMessage={t('add.noDatasets')}
            data-testid="evaluation-dataset"
          />
          {datasets.data && datasets.data.length === 0 && (
            <Alert color="yellow" variant="light">
              {t('add.noDatasets')}
            </Alert>
          )}
          <Group align="flex-start" gap="md">
            <TextInput
              label={t('add.name')}
              placeholder={t('add.namePlaceholder')}
              value={name}
              maxLength={30}
              onChange={(e) => setName(e.currentTarget.value)}
              w={300}
              data-testid="evaluation-name"
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
              w={260}
              data-testid="evaluation-threshold"
            />
          </Group>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('add.params')}
            </Text>
            {model && params.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('add.noParams')}
              </Text>
            )}
            <SimpleGrid cols={3} spacing="sm">
              {params.map((p) => (
                <NumberInput
                  key={p.key}
                  label={p.name[lang]}
                  description={t('add.paramRange', { min: p.min, max: p.max })}
                  placeholder={String(p.default)}
                  min={p.min}
                  max={p.max}
                  allowDecimal={!p.integer}
                  value={values[p.key] ?? ''}
                  onChange={(v) =>
                    setValues((prev) => {
                      const next = { ...prev };
                      if (typeof v === 'number') next[p.key] = v;
                      else delete next[p.key];
                      return next;
                    })
                  }
                  title={p.description[lang]}
                  data-testid={`param-${p.key}`}
                />
              ))}
            </SimpleGrid>
            {errors.params && (
              <Text size="xs" c="red">
                {errors.params}
              </Text>
            )}
          </Stack>
          {errors.form && (
            <Alert color="red" variant="light" data-testid="evaluation-add-error">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={create.isPending} data-testid="submit-evaluation">
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ModelSelectDialog
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        initial={model ? [model] : []}
        onConfirm={(m) => m[0] && chooseModel(m[0])}
      />
    </PageFrame>
  );
}
