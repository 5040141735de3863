// A read-only company field with a button opening the company select dialog.
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../api/companies';
import { CompanySelectDialog } from './CompanySelectDialog';

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  initialName?: string;
  required?: boolean;
}

export function CompanyPicker({ value, onChange, error, disabled, initialName, required = true }: Props) {
  const { t } = useTranslation('admin');
  const [opened, dialog] = useDisclosure(false);
  const [picked, setPicked] = useState(initialName ?? '');
  // A company given by the URL (?companyId=) is known only by its id: look its name up once.
  const { data: preset } = useCompany(value ?? 0, value !== null && !picked);
  const name = picked || preset?.name || '';
  return (
    <>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('project.company')}
          withAsterisk={required}
          readOnly
          style={{ flex: 1 }}
          value={value ? name : ''}
          placeholder={t('company.choose')}
          error={error}
          disabled={disabled}
          data-testid="company-picker"
          onClick={disabled ? undefined : dialog.open}
        />
        {!disabled && (
          <Button variant="default" mt={25} onClick={dialog.open} data-testid="company-picker-open">
            {t('company.choose')}
          </Button>
        )}
      </Group>
      <CompanySelectDialog
        opened={opened}
        onClose={dialog.close}
        onPick={(c) => {
          setPicked(c.name);
          onChange(c.id);
        }}
      />
    </>
  );
}
