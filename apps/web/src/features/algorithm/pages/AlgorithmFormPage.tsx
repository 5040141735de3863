// /admin/algorithm/create and /{id}/edit: name, type, work type, scope (all or chosen projects),
// description document, and the train / inference / augmentation parameter tables.
import { useState } from 'react';
import {
  Divider,
  FileInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  ALGORITHM_KINDS,
  DESCRIPTION_MIME_TYPES,
  VISION_TASKS,
  algorithmInputSchema,
  type AlgorithmAdminInput,
  type AlgorithmRecord,
} from '@sightline/domain';
import { useAlgorithm, useEngines, useSaveAlgorithm, useUploadDescription } from '../api/algorithms';
import { DescriptionDocument } from '../components/DescriptionDocument';
import { PageFrame } from '../../../components/PageFrame';
import { ParamTableEditor } from '../components/ParamTableEditor';
import { ProjectChips } from '../../project/components/ProjectChips';
import { flash, Spinner } from '../../../components/shared';
import {
  EMPTY_ALGORITHM,
  PARAM_SET_KEYS,
  fromEngine,
  fromRecord,
  toPayload,
  type AlgorithmFormValues,
} from '../utils/algorithm-form';
import { domainResolver } from '../../../forms/form-resolver';
import { localized } from '../utils/localized';
import { showServerError } from '../../../forms/server-error';
import { FormActions } from '../../../components/FormActions';

/** The form is long (three parameter tables): bring the first error into view after a failed save. */
function scrollToFirstError() {
  requestAnimationFrame(() =>
    document.querySelector('[aria-invalid="true"], [data-param-error]')?.scrollIntoView({ block: 'center' }),
  );
}

export default function AlgorithmFormPage() {
  const id = Number(useParams().id) || null;
  const { data } = useAlgorithm(id ?? 0, id !== null);
  if (id !== null && !data) return <Spinner />;
  return <AlgorithmForm algorithm={data ?? null} />;
}

function AlgorithmForm({ algorithm }: { algorithm: AlgorithmRecord | null }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const editing = algorithm !== null;
  const { data: engines } = useEngines();
  const save = useSaveAlgorithm(algorithm?.id ?? null);
  const upload = useUploadDescription();
  const [docFile, setDocFile] = useState<File | null>(null);
  const form = useForm<AlgorithmFormValues>({
    initialValues: algorithm ? fromRecord(algorithm) : EMPTY_ALGORITHM,
    validate: domainResolver<AlgorithmFormValues>(algorithmInputSchema, {
      prepare: toPayload,
      labels: { name: 'admin:fieldLabels.algorithmName' },
    }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toPayload(values) as AlgorithmAdminInput);
      // The document needs the row's id, so a new registration uploads it right after saving.
      if (docFile) await upload.mutateAsync({ id: saved.id, file: docFile });
      flash('success', t(editing ? 'common.saved' : 'algorithm.created'));
      navigate(`/admin/algorithm/${saved.id}`);
    } catch (err) {
      showServerError(form, err);
      scrollToFirstError();
    }
  }, scrollToFirstError);

  const back = editing ? `/admin/algorithm/${algorithm.id}` : '/admin/algorithm';
  return (
    <PageFrame
      title={t(editing ? 'algorithm.editTitle' : 'algorithm.createTitle')}
      back={{ to: back, label: editing ? localized(algorithm.name) : t('algorithm.listTitle') }}
      testId="algorithm-form"
    >
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label={t('algorithm.engine')}
              description={t('algorithm.engineHelp')}
              withAsterisk
              w={420}
              disabled={editing}
              data-testid="algorithm-engine"
              data={(engines ?? []).map((e) => ({ value: e.id, label: `${localized(e.name)} · ${e.id}` }))}
              value={form.values.engineKey || null}
              onChange={(key) => {
                const e = engines?.find((x) => x.id === key);
                if (e)
                  form.setValues({
                    ...fromEngine(e),
                    scope: form.values.scope,
                    projects: form.values.projects,
                  });
              }}
              error={form.errors.engineKey}
            />
            <SimpleGrid cols={2}>
              <TextInput
                label={`${t('algorithm.name')} (한국어)`}
                withAsterisk
                {...form.getInputProps('name.ko')}
              />
              <TextInput
                label={`${t('algorithm.name')} (English)`}
                withAsterisk
                {...form.getInputProps('name.en')}
              />
              <Select
                label={t('algorithm.kind')}
                withAsterisk
                data={ALGORITHM_KINDS.map((k) => ({ value: k, label: t(`algorithm.kinds.${k}`) }))}
                {...form.getInputProps('kind')}
              />
              <Select
                label={t('algorithm.workType')}
                withAsterisk
                data={VISION_TASKS.map((k) => ({ value: k, label: t(`algorithm.workTypes.${k}`) }))}
                {...form.getInputProps('workType')}
              />
              <Textarea
                label={`${t('algorithm.description')} (한국어)`}
                autosize
                minRows={2}
                {...form.getInputProps('description.ko')}
              />
              <Textarea
                label={`${t('algorithm.description')} (English)`}
                autosize
                minRows={2}
                {...form.getInputProps('description.en')}
              />
            </SimpleGrid>
            <Radio.Group label={t('algorithm.scope')} withAsterisk {...form.getInputProps('scope')}>
              <Group mt={6}>
                <Radio value="all" label={t('algorithm.scopeAll')} />
                <Radio value="projects" label={t('algorithm.scopeProjects')} />
              </Group>
            </Radio.Group>
            {form.values.scope === 'projects' && (
              <ProjectChips
                value={form.values.projects}
                onChange={(p) => form.setFieldValue('projects', p)}
                error={form.errors.projectIds ? t('algorithm.chooseProjects') : undefined}
              />
            )}
            <Divider label={t('algorithm.document')} labelPosition="left" />
            {editing ? (
              <DescriptionDocument algorithm={algorithm} editable />
            ) : (
              <FileInput
                label={t('algorithm.document')}
                description={t('algorithm.descriptionHelp')}
                accept={DESCRIPTION_MIME_TYPES.join(',')}
                clearable
                w={420}
                value={docFile}
                onChange={setDocFile}
              />
            )}
            <Divider label={t('algorithm.paramsTitle')} labelPosition="left" />
            {PARAM_SET_KEYS.map((set) => (
              <ParamTableEditor key={set} form={form} set={set} />
            ))}
            {Object.keys(form.errors).length > 0 && (
              <Text size="sm" c="red">
                {t('common.fixErrors')}
              </Text>
            )}
            <FormActions
              onCancel={() => navigate(back)}
              saving={save.isPending || upload.isPending}
              saveTestId="algorithm-save"
            />
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
