// The add and relearning form (SPEC §2 /train/learning/add, /relearning): dataset → model name (debounced
// duplicate check) → algorithm of the project and task (the task's default preselected) → parameters of the
// admin row (min/max checked with the domain schema) → OK classes → target regions → validation split.
// Relearning starts from a finished model: its task and algorithm are kept and the classes must match.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  WORK_NAME_MAX,
  checkTargetRegions,
  classInfoMismatch,
  defaultOkClasses,
  errorMessage,
  modelNameSchema,
  type LearningCreate,
  type Region,
  type VisionTask,
} from '@sightline/domain';
import { ApiError, isCancelled } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { flash, flashError } from '../../../components/flash';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import {
  learningApi,
  useCreateLearning,
  useDatasetDetail,
  useDoneModels,
  useFirstDatasetImage,
  useLearning,
  useTrainingAlgorithms,
  useTrainingDatasets,
} from '../api/learning.api';
import { fieldOfCode, type LearningField } from '../utils/form-errors';
import {
  defaultParamValues,
  modelHref,
  paramErrors,
  paramPayload,
  paramsOf,
  pickDefaultAlgorithm,
  tasksForDataset,
} from '../utils/learning-utils';
import { ParamForm } from './ParamForm';
import { RegionEditor } from './RegionEditor';

/** The validation split is its own field; the row's valSplit param only gives its default and range. */
const SPLIT_KEY = 'valSplit';
const SPLIT_MIN = 5;
const SPLIT_MAX = 50;

type NameState = { state: 'idle' | 'checking' | 'ok' } | { state: 'error'; message: string };

export function LearningForm({
  mode,
  initialBaseId,
  initialDatasetId,
}: {
  mode: 'add' | 'relearn';
  initialBaseId?: number;
  initialDatasetId?: number;
}) {
  const { t } = useTranslation('learning');
  const locale = currentLocale();
  const navigate = useNavigate();
  const projectId = useSession((s) => s.currentProject?.id);
  const relearn = mode === 'relearn';

  const [baseId, setBaseId] = useState<number | null>(initialBaseId ?? null);
  const [datasetId, setDatasetId] = useState<number | null>(initialDatasetId ?? null);
  const [taskChoice, setTaskChoice] = useState<VisionTask | null>(null);
  const [name, setName] = useState('');
  const [nameState, setNameState] = useState<NameState>({ state: 'idle' });
  const [algorithmId, setAlgorithmId] = useState<number | null>(null);
  const [values, setValues] = useState<Record<string, number | string>>({});
  const [okClasses, setOkClasses] = useState<string[]>([]);
  const [regions, setRegions] = useState<Region[]>([]);
  const [split, setSplit] = useState(20);
  const [errors, setErrors] = useState<Partial<Record<LearningField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const doneModels = useDoneModels(relearn ? projectId : undefined);
  const base = useLearning(relearn && baseId ? baseId : 0);
  const datasets = useTrainingDatasets(projectId);
  const dataset = useDatasetDetail(datasetId);
  const firstImage = useFirstDatasetImage(datasetId);

  const baseModel = relearn ? (base.data ?? null) : null;
  const tasks = dataset.data ? tasksForDataset(dataset.data.type) : [];
  const task: VisionTask | null = baseModel
    ? baseModel.task
    : taskChoice && tasks.includes(taskChoice)
      ? taskChoice
      : (tasks[0] ?? null);
  const algorithms = useTrainingAlgorithms(projectId, task);
  const rows = useMemo(() => algorithms.data ?? [], [algorithms.data]);
  const row = rows.find((r) => r.id === algorithmId);
  const allParams = paramsOf(row);
  const splitParam = allParams.find((p) => p.key === SPLIT_KEY);
  const params = allParams.filter((p) => p.key !== SPLIT_KEY);
  const classes = useMemo(
    () => [...(dataset.data?.classes ?? [])].sort((a, b) => a.order - b.order),
    [dataset.data?.classes],
  );
  const usesOkClasses = task === 'cf' || task === 'ad';

  // Relearning keeps the base model's algorithm (and its parameters as the starting point).
  useEffect(() => {
    if (!task || !rows.length) return;
    const chosen = baseModel
      ? rows.find((r) => r.id === baseModel.algorithm.id)
      : pickDefaultAlgorithm(rows, task);
    const pick = chosen ?? pickDefaultAlgorithm(rows, task);
    setAlgorithmId(pick?.id ?? null);
    if (pick) {
      const defaults = defaultParamValues(paramsOf(pick));
      if (baseModel)
        for (const k of Object.keys(defaults))
          if (baseModel.params[k] !== undefined) defaults[k] = baseModel.params[k]!;
      setValues(defaults);
      const sp = paramsOf(pick).find((p) => p.key === SPLIT_KEY);
      if (sp)
        setSplit(
          Math.round(
            Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, (baseModel?.validation_split ?? sp.default) * 100)),
          ),
        );
    }
  }, [task, rows, baseModel]);

  // A new dataset: OK classes from the class names (ok, good, normal, pass) and the dataset's own OK flags;
  // a relearning starts from the base model's OK classes.
  useEffect(() => {
    const names = classes.map((c) => c.name);
    const byName = new Set(defaultOkClasses(names));
    const baseOk = baseModel ? new Set(baseModel.classes.filter((c) => c.ok).map((c) => c.name)) : null;
    setOkClasses(
      classes.filter((c) => (baseOk ? baseOk.has(c.name) : c.is_ok || byName.has(c.name))).map((c) => c.name),
    );
    setRegions([]);
  }, [classes, baseModel]);

  // Model name: the domain rule first, then the server's duplicate check, debounced.
  const [debouncedName] = useDebouncedValue(name.trim(), 400);
  useEffect(() => {
    if (!debouncedName || projectId == null) return setNameState({ state: 'idle' });
    const local = modelNameSchema.safeParse(debouncedName);
    if (!local.success) {
      const code = local.error.issues[0]?.message ?? 'MODEL_NAME_INVALID';
      return setNameState({ state: 'error', message: errorMessage(code, locale, { max: WORK_NAME_MAX }) });
    }
    const ctl = new AbortController();
    setNameState({ state: 'checking' });
    learningApi
      .checkName(projectId, debouncedName, ctl.signal)
      .then((a) =>
        setNameState(
          a.available
            ? { state: 'ok' }
            : {
                state: 'error',
                message: errorMessage(a.code ?? 'MODEL_NAME_EXISTS', locale, { max: WORK_NAME_MAX }),
              },
        ),
      )
      .catch((err) => {
        if (!isCancelled(err)) setNameState({ state: 'idle' });
      });
    return () => ctl.abort();
  }, [debouncedName, projectId, locale]);

  const pErrors = paramErrors(params, values, locale);
  const image = firstImage.data
    ? { url: firstImage.data.original_url, width: firstImage.data.width, height: firstImage.data.height }
    : null;
  const regionIssue = checkTargetRegions(
    regions,
    image ? [{ width: image.width, height: image.height }] : [],
  );
  const okIssue =
    usesOkClasses && classes.length > 0 && (okClasses.length === 0 || okClasses.length === classes.length)
      ? errorMessage('OK_CLASS_REQUIRED', locale)
      : null;
  const classIssue = (() => {
    if (!baseModel || !dataset.data) return null;
    const previous = [...baseModel.classes].sort((a, b) => a.index - b.index);
    // od/sg have no OK classes: only the order and names must match.
    const info = classes.map((c, i) => ({
      name: c.name,
      ok: usesOkClasses ? okClasses.includes(c.name) : (previous[i]?.ok ?? c.is_ok),
    }));
    const m = classInfoMismatch(previous, info);
    return m
      ? t('form.classMismatch', { index: m.index + 1, reason: t(`form.mismatchReason.${m.reason}`) })
      : null;
  })();

  const create = useCreateLearning();
  const submit = async () => {
    setGeneral(null);
    const local: Partial<Record<LearningField, string>> = {};
    if (relearn && !baseId) local.base = t('form.baseModelPlaceholder');
    if (!datasetId) local.dataset = t('form.datasetPlaceholder');
    const nameCheck = modelNameSchema.safeParse(name);
    if (!nameCheck.success)
      local.name = errorMessage(nameCheck.error.issues[0]?.message ?? 'MODEL_NAME_INVALID', locale, {
        max: WORK_NAME_MAX,
      });
    else if (nameState.state === 'error') local.name = nameState.message;
    if (!algorithmId) local.algorithm = errorMessage('ALGORITHM_REQUIRED', locale);
    if (Object.keys(pErrors).length) local.params = Object.values(pErrors)[0];
    if (okIssue) local.okClasses = okIssue;
    if (regionIssue) local.regions = errorMessage(regionIssue.code, locale, regionIssue.params);
    if (classIssue) local.base = classIssue;
    setErrors(local);
    if (Object.keys(local).length) return;

    const body: LearningCreate = {
      dataset_id: datasetId!,
      name: name.trim(),
      algorithm_id: algorithmId!,
      params: paramPayload(params, values),
      regions,
      validation_split: split / 100,
      ...(usesOkClasses ? { ok_classes: okClasses } : {}),
      ...(relearn && baseId ? { base_learning_id: baseId } : {}),
    };
    try {
      const created = await create.mutateAsync(body);
      flash('success', t('form.created'));
      navigate(modelHref(created));
    } catch (err) {
      if (isCancelled(err)) return;
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
        const field = fieldOfCode(err.code, err.field);
        if (field) setErrors({ [field]: err.message });
        else {
          setGeneral(err.message);
          flashError(err.message);
        }
        return;
      }
      handleApiError(err);
    }
  };

  const datasetOptions = (datasets.data ?? [])
    .filter((d) => !baseModel || tasksForDataset(d.type).includes(baseModel.task))
    .map((d) => ({ value: String(d.id), label: d.name }));

  return (
    <Stack gap="sm" data-testid="learning-form">
      {general && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="learning-form-error">
          {general}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          {relearn && (
            <Stack gap={4}>
              <Select
                label={t('form.baseModel')}
                placeholder={t('form.baseModelPlaceholder')}
                withAsterisk
                searchable
                data={(doneModels.data?.data ?? []).map((m) => ({
                  value: String(m.id),
                  label: `${m.name} (${t(`tasks.${m.task}`)})`,
                }))}
                value={baseId ? String(baseId) : null}
                onChange={(v) => {
                  setBaseId(v ? Number(v) : null);
                  setDatasetId(null);
                }}
                error={errors.base}
                data-testid="learning-base"
                w={420}
              />
              <Text size="xs" c="dimmed">
                {t('form.baseModelHint')}
              </Text>
            </Stack>
          )}
          <Group align="flex-start" gap="md" grow>
            <Stack gap={4}>
              <Select
                label={t('form.dataset')}
                placeholder={t('form.datasetPlaceholder')}
                withAsterisk
                searchable
                data={datasetOptions}
                value={datasetId ? String(datasetId) : null}
                onChange={(v) => {
                  setDatasetId(v ? Number(v) : null);
                  setErrors((e) => ({ ...e, dataset: undefined, base: undefined }));
                }}
                error={errors.dataset}
                nothingFoundMessage={t('form.noDatasets')}
                data-testid="learning-dataset"
                disabled={relearn && !baseModel}
              />
              {dataset.data && (
                <Text size="xs" c="dimmed">
                  {t('form.datasetInfo', {
                    images: dataset.data.image_count,
                    classes: dataset.data.class_count,
                  })}
                </Text>
              )}
              {datasets.data && datasets.data.length === 0 && (
                <Text size="xs" c="red">
                  {t('form.noDatasets')}
                </Text>
              )}
            </Stack>
            <TextInput
              label={t('form.name')}
              placeholder={t('form.namePlaceholder')}
              withAsterisk
              value={name}
              maxLength={WORK_NAME_MAX + 10}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              error={errors.name ?? (nameState.state === 'error' ? nameState.message : undefined)}
              rightSection={
                nameState.state === 'checking' ? (
                  <Loader size={14} />
                ) : nameState.state === 'ok' ? (
                  <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
                ) : null
              }
              description={nameState.state === 'ok' ? t('form.nameAvailable') : undefined}
              data-testid="learning-name"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </Group>
          {tasks.length > 1 && !baseModel && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('form.task')}
              </Text>
              <SegmentedControl
                w={320}
                size="xs"
                value={task ?? ''}
                onChange={(v) => setTaskChoice(v as VisionTask)}
                data={tasks.map((x) => ({ value: x, label: t(`tasks.${x}`) }))}
                data-testid="learning-task"
              />
            </Stack>
          )}
          {task && (
            <Select
              label={t('form.algorithm')}
              withAsterisk
              w={420}
              data={rows.map((r) => ({
                value: String(r.id),
                label: `${r.name[locale]}${pickDefaultAlgorithm(rows, task)?.id === r.id ? ` · ${t('form.algorithmDefault')}` : ''}`,
              }))}
              value={algorithmId ? String(algorithmId) : null}
              onChange={(v) => {
                const id = v ? Number(v) : null;
                setAlgorithmId(id);
                const r = rows.find((x) => x.id === id);
                setValues(defaultParamValues(paramsOf(r)));
              }}
              error={
                errors.algorithm ?? (algorithms.data && rows.length === 0 ? t('form.noAlgorithm') : undefined)
              }
              disabled={!!baseModel}
              data-testid="learning-algorithm"
            />
          )}
        </Stack>
      </Paper>

      {row && (
        <Paper withBorder radius="lg" p="md">
          <ParamForm
            params={params}
            values={values}
            errors={pErrors}
            onChange={(k, v) => setValues((x) => ({ ...x, [k]: v }))}
            onReset={() => setValues(defaultParamValues(allParams))}
          />
          {errors.params && (
            <Text size="xs" c="red" mt={4} data-testid="params-error">
              {errors.params}
            </Text>
          )}
          <Stack gap={2} mt="sm" w={420}>
            <Text size="sm" fw={500}>
              {t('form.validationSplit')}: {split}%
            </Text>
            <Slider
              min={Math.max(SPLIT_MIN, Math.ceil((splitParam?.min ?? 0) * 100))}
              max={Math.min(SPLIT_MAX, Math.floor((splitParam?.max ?? 1) * 100))}
              value={split}
              onChange={setSplit}
              label={(v) => `${v}%`}
              data-testid="learning-split"
            />
            <Text size="xs" c={errors.validationSplit ? 'red' : 'dimmed'}>
              {errors.validationSplit ?? t('form.validationSplitHint')}
            </Text>
          </Stack>
        </Paper>
      )}

      {dataset.data && usesOkClasses && classes.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Checkbox.Group
            label={t('form.okClasses')}
            description={t('form.okClassesHint')}
            value={okClasses}
            onChange={(v) => {
              setOkClasses(v);
              setErrors((e) => ({ ...e, okClasses: undefined, base: undefined }));
            }}
            error={errors.okClasses ?? okIssue ?? undefined}
            data-testid="learning-ok-classes"
          >
            <Group mt="xs" gap="md">
              {classes.map((c) => (
                <Checkbox
                  key={c.id}
                  value={c.name}
                  label={
                    <Group gap={4} component="span">
                      <span>{c.name}</span>
                      <Badge size="xs" variant="light" color="gray">
                        {c.image_count}
                      </Badge>
                    </Group>
                  }
                  data-testid="ok-class"
                  data-class={c.name}
                />
              ))}
            </Group>
          </Checkbox.Group>
        </Paper>
      )}

      {classIssue && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="relearn-class-mismatch">
          {classIssue}
        </Alert>
      )}
      {errors.base && errors.base !== classIssue && (
        <Text size="sm" c="red">
          {errors.base}
        </Text>
      )}

      {dataset.data && (
        <Paper withBorder radius="lg" p="md">
          <Text fw={600} size="sm" mb={4}>
            {t('form.regions')}
          </Text>
          <RegionEditor
            image={image}
            regions={regions}
            onChange={(r) => {
              setRegions(r);
              setErrors((e) => ({ ...e, regions: undefined }));
            }}
            error={
              errors.regions ??
              (regionIssue ? errorMessage(regionIssue.code, locale, regionIssue.params) : null)
            }
          />
        </Paper>
      )}

      <Group justify="flex-end">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => void submit()}
          loading={create.isPending}
          data-testid="learning-submit"
        >
          {t('form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
