// /admin/user/create and /{id}/edit (also /my/user): an account's ID (duplicate-checked), password,
// role, company, name, department, trial expiry and — when created — its first projects.
import { useState } from 'react';
import { Checkbox, Divider, Group, Paper, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  ROLE_IDS,
  Role,
  userCreateSchema,
  userUpdateSchema,
  type RoleId,
  type UserRecord,
} from '@sightline/domain';
import { useCreateUser, useUpdateUser, useUser } from '../api/users';
import { CompanyPicker } from '../../company/components/CompanyPicker';
import { NewAccountFields } from '../components/NewAccountFields';
import { PageFrame } from '../../../components/PageFrame';
import { UserProjectsEditor, type ChosenProject } from '../components/UserProjectsEditor';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useActor, useCan } from '../../../hooks/useCan';
import { flash, Spinner } from '../../../components/shared';
import { domainResolver } from '../../../forms/form-resolver';
import { showServerError } from '../../../forms/server-error';
import { fromDateValue, toDateValue } from '../../../utils/dates';
import { FormActions } from '../../../components/FormActions';

interface Values {
  username: string;
  password: string;
  roleId: RoleId | null;
  companyId: number | null;
  name: string;
  department: string;
  isTrial: boolean;
  expiresAt: string | null;
  projects: ChosenProject[];
  defaultProjectId: number | null;
}

/** Roles 1 and 2 belong to the service provider, not to a customer company. */
const needsCompany = (r: RoleId | null) => r !== null && r >= Role.CompanyAdmin;

/** The payload the schemas check: no company for provider roles, no empty optional password. */
function toPayload(v: Values, editing: boolean) {
  const base = {
    roleId: v.roleId,
    companyId: needsCompany(v.roleId) ? v.companyId : null,
    name: v.name,
    department: v.department,
    isTrial: v.isTrial,
    expiresAt: v.isTrial ? v.expiresAt : null,
  };
  if (editing) return v.password ? { ...base, password: v.password } : base;
  return {
    ...base,
    username: v.username,
    password: v.password,
    projects: v.projects.map(({ projectId, permissions }) => ({ projectId, permissions })),
    defaultProjectId: v.defaultProjectId,
  };
}

export default function UserFormPage() {
  const id = Number(useParams().id) || null;
  const { data: user } = useUser(id ?? 0, id !== null);
  if (id !== null && !user) return <Spinner />;
  return <UserForm user={user ?? null} />;
}

function UserForm({ user }: { user: UserRecord | null }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const paths = useAreaPaths();
  const actor = useActor();
  const can = useCan();
  const editing = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const [checked, setChecked] = useState<string | null>(null);
  const ownCompany = actor?.roleId === Role.CompanyAdmin ? actor.companyId : null;
  const presetCompany = Number(search.get('companyId')) || null;

  const roleOptions = ROLE_IDS.filter((r) =>
    can(editing ? 'user.update' : 'user.create', {
      roleId: r,
      companyId: ownCompany ?? presetCompany ?? undefined,
    }),
  );
  const form = useForm<Values>({
    initialValues: user
      ? {
          username: user.username,
          password: '',
          roleId: user.roleId as RoleId,
          companyId: user.company?.id ?? null,
          name: user.name,
          department: user.department,
          isTrial: user.isTrial,
          expiresAt: user.expiresAt,
          projects: [],
          defaultProjectId: user.defaultProjectId,
        }
      : {
          username: '',
          password: '',
          roleId: Role.User,
          companyId: ownCompany ?? presetCompany,
          name: '',
          department: '',
          isTrial: false,
          expiresAt: null,
          projects: [],
          defaultProjectId: null,
        },
    validate: domainResolver<Values>(editing ? userUpdateSchema : userCreateSchema, {
      prepare: (v) => toPayload(v, editing),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    if (!editing && checked !== values.username) {
      form.setFieldError('username', t('common.checkFirst'));
      return;
    }
    try {
      const payload = toPayload(values, editing);
      const saved = editing ? await update.mutateAsync(payload) : await create.mutateAsync(payload);
      flash('success', t(editing ? 'common.saved' : 'user.created'));
      navigate(`${paths.users}/${saved.id}`);
    } catch (err) {
      showServerError(form, err);
    }
  });

  const back = editing ? `${paths.users}/${user.id}` : paths.users;
  const v = form.values;
  return (
    <PageFrame
      title={t(editing ? 'user.editTitle' : 'user.createTitle')}
      back={{ to: back, label: editing ? user.username : t('user.listTitle') }}
      testId="user-form"
    >
      <Paper withBorder p="lg" maw={880}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label={t('user.role')}
              withAsterisk
              w={260}
              data-testid="user-role"
              data={roleOptions.map((r) => ({ value: String(r), label: t(`roles.${r}`) }))}
              value={v.roleId ? String(v.roleId) : null}
              onChange={(r) => form.setFieldValue('roleId', r ? (Number(r) as RoleId) : null)}
              error={form.errors.roleId}
              allowDeselect={false}
            />
            {needsCompany(v.roleId) && !ownCompany && (
              <CompanyPicker
                value={v.companyId}
                onChange={(c) => {
                  form.setFieldValue('companyId', c);
                  // Projects belong to one company; a new company empties the choice.
                  form.setFieldValue('projects', []);
                  form.setFieldValue('defaultProjectId', null);
                }}
                error={form.errors.companyId}
              />
            )}
            {editing ? (
              <>
                <TextInput label={t('user.username')} value={user.username} disabled />
                <PasswordInput
                  label={t('user.newPassword')}
                  description={t('user.newPasswordHelp')}
                  {...form.getInputProps('password')}
                />
                <Group grow>
                  <TextInput label={t('user.name')} withAsterisk {...form.getInputProps('name')} />
                  <TextInput
                    label={t('user.department')}
                    withAsterisk
                    {...form.getInputProps('department')}
                  />
                </Group>
                <Group align="flex-end">
                  <Checkbox
                    label={t('user.trial')}
                    {...form.getInputProps('isTrial', { type: 'checkbox' })}
                  />
                  {v.isTrial && (
                    <DateInput
                      label={t('user.expiresAt')}
                      withAsterisk
                      valueFormat="YYYY-MM-DD"
                      value={toDateValue(v.expiresAt)}
                      onChange={(d) => form.setFieldValue('expiresAt', fromDateValue(d))}
                      error={form.errors.expiresAt}
                    />
                  )}
                </Group>
              </>
            ) : (
              <NewAccountFields form={form} prefix="" checkedUsername={checked} onChecked={setChecked} />
            )}
            {!editing && needsCompany(v.roleId) && (
              <>
                <Divider />
                <UserProjectsEditor
                  value={v.projects}
                  onChange={(p) => form.setFieldValue('projects', p)}
                  defaultProjectId={v.defaultProjectId}
                  onDefaultChange={(d) => form.setFieldValue('defaultProjectId', d)}
                  companyId={v.companyId}
                  errors={form.errors}
                />
              </>
            )}
            <FormActions
              onCancel={() => navigate(back)}
              saving={create.isPending || update.isPending}
              saveTestId="user-save"
            />
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
