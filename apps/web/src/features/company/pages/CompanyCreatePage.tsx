// /admin/company/create: registers a company by name; the new company opens on success.
import { Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { companyInputSchema } from '@sightline/domain';
import { useCreateCompany } from '../api/companies';
import { PageFrame } from '../../../components/PageFrame';
import { flash } from '../../../components/shared';
import { showServerError } from '../../../forms/server-error';
import { domainResolver } from '../../../forms/form-resolver';
import { FormActions } from '../../../components/FormActions';

export default function CompanyCreatePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateCompany();
  const form = useForm({
    initialValues: { name: '' },
    validate: domainResolver(companyInputSchema, { labels: { name: 'admin:fieldLabels.companyName' } }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const c = await create.mutateAsync(values);
      flash('success', t('company.created'));
      navigate(`/admin/company/${c.id}`);
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <PageFrame
      title={t('company.createTitle')}
      back={{ to: '/admin/company', label: t('company.listTitle') }}
    >
      <Paper withBorder p="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('company.name')} withAsterisk {...form.getInputProps('name')} />
            <FormActions onCancel={() => navigate('/admin/company')} saving={create.isPending} />
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
