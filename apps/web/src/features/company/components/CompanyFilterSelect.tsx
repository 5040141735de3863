// Company choice for list filters: the shell's searchable dropdown over the companies the user may see.
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../api/companies';
import { SearchSelect } from '../../../components/shared';

interface Props {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}

export function CompanyFilterSelect({ value, onChange, label }: Props) {
  const { t } = useTranslation('admin');
  const { data } = useCompanyOptions();
  return (
    <SearchSelect
      label={label ?? t('project.company')}
      placeholder={t('common.all')}
      data={(data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value || null}
      onChange={(v: string | null) => onChange(v ?? '')}
      clearable
      width="medium"
    />
  );
}
