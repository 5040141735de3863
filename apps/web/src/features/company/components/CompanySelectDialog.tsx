// Company select dialog (SPEC §2 dialogs): search companies by name and choose one.
import { useTranslation } from 'react-i18next';
import type { CompanyRecord } from '@sightline/domain';
import { useCompanyList } from '../api/companies';
import { PickerDialog } from '../../../components/PickerDialog';

interface Props {
  opened: boolean;
  onClose: () => void;
  onPick: (c: CompanyRecord) => void;
}

export function CompanySelectDialog({ opened, onClose, onPick }: Props) {
  const { t } = useTranslation('admin');
  return (
    <PickerDialog<CompanyRecord>
      opened={opened}
      onClose={onClose}
      title={t('company.selectTitle')}
      useRows={useCompanyList}
      rowKey={(c) => c.id}
      onPick={onPick}
      testId="company-select-dialog"
      columns={[
        { key: 'name', header: t('company.name'), render: (c) => c.name },
        { key: 'projects', header: t('company.projectCount'), render: (c) => c.projectCount },
        { key: 'users', header: t('company.userCount'), render: (c) => c.userCount },
      ]}
    />
  );
}
