// Change company name dialog.
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { companyInputSchema, type CompanyRecord } from '@sightline/domain';
import { useRenameCompany } from '../../api/companies';
import { flash } from '../../shared';
import { domainResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  company: CompanyRecord;
}

export function ChangeCompanyNameDialog({ opened, onClose, company }: Props) {
  const { t } = useTranslation('admin');
  const rename = useRenameCompany(company.id);
  const form = useForm({
    initialValues: { name: company.name },
    validate: domainResolver(companyInputSchema, { labels: { name: 'admin:fieldLabels.companyName' } }),
  });
  useEffect(() => {
    if (opened) {
      form.setValues({ name: company.name });
      form.clearErrors();
    }
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      await rename.mutateAsync(values);
      flash('success', t('common.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('company.rename')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('company.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
