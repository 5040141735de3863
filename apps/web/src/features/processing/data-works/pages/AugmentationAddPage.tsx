// /train/processing/add/augmentation: choose a dataset, the operations and their ranges (the augmentation
// settings of an admin-registry algorithm) and a count; the result is a new folder of augmented images.
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlgorithmParam } from '@sightline/domain';
import { flash } from '../../../../components/flash';
import { currentLocale } from '../../../../i18n';
import { useSession } from '../../../../session/store';
import {
  useAugmentationAlgorithms,
  useCreateAugmentation,
  useProcessingDatasets,
} from '../api/processing-data.api';
import { fieldErrorOf } from '../components/submit-errors';
import { emptyWork, WorkFields } from '../components/WorkFields';

export default function AugmentationAddPage() {
  const { t } = useTranslation('processing-data');
  const locale = currentLocale();
  const navigate = useNavigate();
  const projectId = useSession((s) => s.currentProject?.id);
  const datasets = useProcessingDatasets(projectId);
  const algorithms = useAugmentationAlgorithms(projectId);
  const create = useCreateAugmentation();
  const [work, setWork] = useState(emptyWork());
  const [algorithmId, setAlgorithmId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState<Record<string, number>>({});
  const [copies, setCopies] = useState(1);
  const [includeOriginals, setIncludeOriginals] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const rows = useMemo(() => algorithms.data ?? [], [algorithms.data]);
  const algo = rows.find((r) => r.id === algorithmId);
  const params = (algo?.augmentationParams ?? []) as AlgorithmParam[];
  const operations = params.filter((p) => p.key !== 'copies');
  const copiesParam = params.find((p) => p.key === 'copies');

  useEffect(() => {
    if (!algorithmId && rows[0]) setAlgorithmId(rows[0].id);
  }, [rows, algorithmId]);
  useEffect(() => {
    setValues(Object.fromEntries(params.map((p) => [p.key, p.default])));
    setChosen(Object.fromEntries(params.map((p) => [p.key, p.key === 'flipH' || p.key === 'rotate'])));
  }, [algorithmId, rows]);

  const submit = async () => {
    if (!projectId) return;
    try {
      await create.mutateAsync({
        project_id: projectId,
        name: work.name,
        save_dir: work.save_dir,
        description: work.description,
        dataset_id: work.dataset_id ?? 0,
        algorithm_id: algorithmId ?? undefined,
        operations: Object.fromEntries(
          operations.filter((p) => chosen[p.key]).map((p) => [p.key, values[p.key] ?? p.default]),
        ),
        copies,
        include_originals: includeOriginals,
      });
      flash('success', t('common.created'));
      navigate('/train/processing');
    } catch (err) {
      fieldErrorOf(err, setErrors);
    }
  };

  return (
    <Stack gap="md" maw={900} data-testid="augmentation-page">
      <Title order={1} fz={24}>
        {t('augmentation.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('augmentation.intro')}
      </Text>
      <Paper withBorder radius="lg" p="lg">
        <WorkFields values={work} onChange={setWork} datasets={datasets.data ?? []} errors={errors} />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Select
            label={t('augmentation.algorithm')}
            data={rows.map((r) => ({ value: String(r.id), label: r.name[locale] ?? r.engineKey }))}
            value={algorithmId ? String(algorithmId) : null}
            onChange={(v) => setAlgorithmId(v ? Number(v) : null)}
            error={errors.algorithm_id}
            data-testid="augmentation-algorithm"
          />
          <Text fw={600} size="sm">
            {t('augmentation.operations')}
          </Text>
          {errors.operations && (
            <Text c="red" size="sm" data-testid="operations-error">
              {errors.operations}
            </Text>
          )}
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {operations.map((p) => (
              <Group key={p.key} gap="xs" wrap="nowrap" align="flex-end">
                <Checkbox
                  checked={!!chosen[p.key]}
                  onChange={(e) => setChosen({ ...chosen, [p.key]: e.currentTarget.checked })}
                  data-testid={`op-${p.key}`}
                  mb={8}
                />
                <NumberInput
                  style={{ flex: 1 }}
                  size="xs"
                  label={p.name?.[locale] ?? p.key}
                  description={t('augmentation.range', { min: p.min, max: p.max })}
                  value={values[p.key] ?? p.default}
                  min={p.min}
                  max={p.max}
                  step={p.max <= 1 ? 0.05 : 1}
                  decimalScale={p.integer ? 0 : 4}
                  disabled={!chosen[p.key]}
                  onChange={(v) => setValues({ ...values, [p.key]: Number(v) })}
                  data-testid={`op-value-${p.key}`}
                />
              </Group>
            ))}
          </SimpleGrid>
          <Group align="flex-end">
            <NumberInput
              label={t('augmentation.copies')}
              value={copies}
              min={copiesParam?.min ?? 1}
              max={copiesParam?.max ?? 20}
              allowDecimal={false}
              onChange={(v) => setCopies(Number(v) || 1)}
              error={errors.copies}
              w={200}
              data-testid="augmentation-copies"
            />
            <Checkbox
              label={t('augmentation.includeOriginals')}
              checked={includeOriginals}
              onChange={(e) => setIncludeOriginals(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/train/processing')}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending} data-testid="augmentation-submit">
          {t('common.create')}
        </Button>
      </Group>
    </Stack>
  );
}
