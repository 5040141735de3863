// Change company name dialog.
import { useTranslation } from 'react-i18next';
import { companyInputSchema, type CompanyRecord } from '@sightline/domain';
import { useRenameCompany } from '../api/companies';
import { NameEditDialog } from '../../../components/NameEditDialog';

interface Props {
  opened: boolean;
  onClose: () => void;
  company: CompanyRecord;
}

const LABELS = { name: 'admin:fieldLabels.companyName' };

export function ChangeCompanyNameDialog({ opened, onClose, company }: Props) {
  const { t } = useTranslation('admin');
  const rename = useRenameCompany(company.id);
  return (
    <NameEditDialog
      opened={opened}
      onClose={onClose}
      name={company.name}
      schema={companyInputSchema}
      labels={LABELS}
      onSave={(name) => rename.mutateAsync({ name })}
      saving={rename.isPending}
      title={t('company.rename')}
      label={t('company.name')}
    />
  );
}
