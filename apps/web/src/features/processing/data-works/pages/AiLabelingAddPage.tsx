// /train/processing/add/ai (and the older /add/ai.bak): AI labeling of a dataset, supervised by a finished
// model (needs ≥ 100 manually labeled images) or unsupervised into 2–34 groups that become classes. The
// results are proposals, reviewed in the workspace least sure first.
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { UNSUPERVISED_CLASSES } from '@sightline/domain';
import { flash } from '../../../../components/flash';
import { useSession } from '../../../../session/store';
import { useCreateAiLabeling, useDoneModels, useProcessingDatasets } from '../api/processing-data.api';
import { ExternalLabelingButton } from '../components/ExternalLabelingButton';
import { fieldErrorOf } from '../components/submit-errors';
import { emptyWork, WorkFields } from '../components/WorkFields';

export default function AiLabelingAddPage() {
  const { t } = useTranslation('processing-data');
  const navigate = useNavigate();
  const bak = useLocation().pathname.endsWith('.bak');
  const projectId = useSession((s) => s.currentProject?.id);
  const datasets = useProcessingDatasets(projectId);
  const models = useDoneModels(projectId);
  const create = useCreateAiLabeling();
  const [work, setWork] = useState(emptyWork());
  const [mode, setMode] = useState<'supervised' | 'unsupervised'>('unsupervised');
  const [learningId, setLearningId] = useState<number | null>(null);
  const [threshold, setThreshold] = useState(0.3);
  const [classCount, setClassCount] = useState<number | string>(4);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dataset = datasets.data?.find((d) => d.id === work.dataset_id);
  const modelOptions = (models.data ?? []).filter((m) => !dataset || m.task === dataset.type);

  const submit = async () => {
    if (!projectId) return;
    const common = {
      project_id: projectId,
      name: work.name,
      save_dir: work.save_dir,
      description: work.description,
      dataset_id: work.dataset_id ?? 0,
    };
    try {
      await create.mutateAsync(
        mode === 'supervised'
          ? { ...common, mode, learning_id: learningId ?? undefined, threshold }
          : { ...common, mode, class_count: Number(classCount) },
      );
      flash('success', t('common.created'));
      navigate('/train/processing');
    } catch (err) {
      fieldErrorOf(err, setErrors);
    }
  };

  return (
    <Stack gap="md" maw={900} data-testid="ai-labeling-page">
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {bak ? t('ai.titleBak') : t('ai.title')}
        </Title>
        <ExternalLabelingButton />
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <WorkFields values={work} onChange={setWork} datasets={datasets.data ?? []} errors={errors} />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('ai.mode')}
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            data={[
              { value: 'unsupervised', label: t('ai.unsupervised') },
              { value: 'supervised', label: t('ai.supervised') },
            ]}
            data-testid="ai-mode"
          />
          {mode === 'supervised' ? (
            <>
              <Alert color="blue" variant="light">
                {t('ai.supervisedHint')}
              </Alert>
              <Select
                label={t('ai.model')}
                placeholder={t('ai.modelPlaceholder')}
                data={modelOptions.map((m) => ({ value: String(m.id), label: `${m.name} (${m.task})` }))}
                value={learningId ? String(learningId) : null}
                onChange={(v) => setLearningId(v ? Number(v) : null)}
                error={errors.learning_id}
                data-testid="ai-model"
              />
              <Text size="sm">{t('ai.threshold')}</Text>
              <Slider min={0} max={1} step={0.05} value={threshold} onChange={setThreshold} w={300} />
            </>
          ) : (
            <>
              <Alert color="blue" variant="light">
                {t('ai.unsupervisedHint')}
              </Alert>
              <NumberInput
                label={t('ai.classCount')}
                description={t('ai.classCountHint')}
                value={classCount}
                min={UNSUPERVISED_CLASSES.min}
                max={UNSUPERVISED_CLASSES.max}
                allowDecimal={false}
                onChange={setClassCount}
                error={errors.class_count}
                w={200}
                data-testid="ai-class-count"
              />
            </>
          )}
          <Text size="xs" c="dimmed">
            {t('ai.review')}
          </Text>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/train/processing')}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending} data-testid="ai-submit">
          {t('common.create')}
        </Button>
      </Group>
    </Stack>
  );
}
