// /admin/project/create and /{id}/edit (also under /my/projects): the project's code (checked for
// duplicates, fixed after creation), name, company, usage period and limits.
import { useEffect, useState } from 'react';
import { NumberInput, Paper, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { projectCreateSchema, projectUpdateSchema, Role, type ProjectRecord } from '@sightline/domain';
import { checkProjectCode, useCreateProject, useProject, useUpdateProject } from '../api/projects';
import { CompanyPicker } from '../../company/components/CompanyPicker';
import { DuplicateCheckInput } from '../../../components/DuplicateCheckInput';
import { PageFrame } from '../../../components/PageFrame';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor } from '../../../hooks/useCan';
import { flash, Spinner } from '../../../components/shared';
import { domainResolver } from '../../../forms/form-resolver';
import { projectCodeProblem } from '../../../utils/identifier-codes';
import { showServerError } from '../../../forms/server-error';
import { fromDateValue, toDateValue } from '../../../utils/dates';
import { FormActions } from '../../../components/FormActions';

interface Values {
  code: string;
  companyId: number | null;
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  uploadLimit: number | null;
  learningLimit: number | null;
}

const EMPTY: Values = {
  code: '',
  companyId: null,
  title: '',
  description: '',
  startDate: null,
  endDate: null,
  uploadLimit: null,
  learningLimit: null,
};

export default function ProjectFormPage() {
  const id = Number(useParams().id) || null;
  const { data: project } = useProject(id ?? 0, id !== null);
  if (id !== null && !project) return <Spinner />;
  return <ProjectForm project={project ?? null} />;
}

function ProjectForm({ project }: { project: ProjectRecord | null }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const actor = useActor();
  const editing = project !== null;
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? 0);
  const [checkedCode, setCheckedCode] = useState<string | null>(null);
  // A company admin works inside their own company only.
  const ownCompany = actor?.roleId === Role.CompanyAdmin ? actor.companyId : null;
  // The company detail page links here with ?companyId= so the new project starts in that company.
  const presetCompany = Number(useSearchParams()[0].get('companyId')) || null;

  const form = useForm<Values>({
    initialValues: project
      ? {
          code: project.code,
          companyId: project.company.id,
          title: project.title,
          description: project.description,
          startDate: project.startDate,
          endDate: project.endDate,
          uploadLimit: project.uploadLimit,
          learningLimit: project.learningLimit,
        }
      : { ...EMPTY, companyId: ownCompany ?? presetCompany },
    validate: domainResolver(editing ? projectUpdateSchema : projectCreateSchema, {
      labels: { code: 'admin:fieldLabels.projectCode' },
    }),
  });
  useEffect(() => {
    if (ownCompany && !editing) form.setFieldValue('companyId', ownCompany);
  }, [ownCompany]);

  const submit = form.onSubmit(async (values) => {
    if (!editing && checkedCode !== values.code) {
      form.setFieldError('code', t('common.checkFirst'));
      return;
    }
    try {
      const { code, companyId, ...rest } = values;
      const saved = editing
        ? await update.mutateAsync(rest)
        : await create.mutateAsync({ code, companyId, ...rest });
      flash('success', t(editing ? 'common.saved' : 'project.created'));
      navigate(`${paths.projects}/${saved.id}`);
    } catch (err) {
      showServerError(form, err);
    }
  });

  const back = editing ? `${paths.projects}/${project.id}` : paths.projects;
  return (
    <PageFrame
      title={t(editing ? 'project.editTitle' : 'project.createTitle')}
      back={{ to: back, label: editing ? project.title : t('project.listTitle') }}
      testId="project-form"
    >
      <Paper withBorder p="lg" maw={820}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {editing ? (
              <TextInput
                label={t('project.code')}
                value={project.code}
                disabled
                description={t('project.codeFixed')}
              />
            ) : (
              <DuplicateCheckInput
                label={t('project.code')}
                field="code"
                testId="project-code"
                value={form.values.code}
                onChange={(v) => form.setFieldValue('code', v)}
                localCheck={projectCodeProblem}
                remoteCheck={checkProjectCode}
                checked={checkedCode !== null && checkedCode === form.values.code}
                onChecked={setCheckedCode}
                error={form.errors.code}
              />
            )}
            <TextInput
              label={t('project.title')}
              withAsterisk
              data-testid="project-title"
              {...form.getInputProps('title')}
            />
            {!ownCompany && (
              <CompanyPicker
                value={form.values.companyId}
                onChange={(id) => form.setFieldValue('companyId', id)}
                error={form.errors.companyId}
                disabled={editing}
                initialName={project?.company.name}
              />
            )}
            <Textarea
              label={t('project.description')}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={2}>
              <DateInput
                label={t('project.startDate')}
                valueFormat="YYYY-MM-DD"
                clearable
                value={toDateValue(form.values.startDate)}
                onChange={(d) => form.setFieldValue('startDate', fromDateValue(d))}
                error={form.errors.startDate}
              />
              <DateInput
                label={t('project.endDate')}
                valueFormat="YYYY-MM-DD"
                clearable
                value={toDateValue(form.values.endDate)}
                onChange={(d) => form.setFieldValue('endDate', fromDateValue(d))}
                error={form.errors.endDate}
              />
              <NumberInput
                label={t('project.uploadLimit')}
                placeholder={t('project.unlimited')}
                allowDecimal={false}
                allowNegative={false}
                value={form.values.uploadLimit ?? ''}
                onChange={(v) => form.setFieldValue('uploadLimit', v === '' ? null : Number(v))}
                error={form.errors.uploadLimit}
              />
              <NumberInput
                label={t('project.learningLimit')}
                placeholder={t('project.unlimited')}
                allowDecimal={false}
                allowNegative={false}
                value={form.values.learningLimit ?? ''}
                onChange={(v) => form.setFieldValue('learningLimit', v === '' ? null : Number(v))}
                error={form.errors.learningLimit}
              />
            </SimpleGrid>
            <FormActions
              onCancel={() => navigate(back)}
              saving={create.isPending || update.isPending}
              saveTestId="project-save"
            />
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
