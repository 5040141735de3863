// Checkbox group for per-project permissions; the list comes from the permission lookup when loaded.
import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROJECT_PERMISSION_IDS } from '@sightline/domain';

interface Props {
  value: number[];
  onChange: (v: number[]) => void;
  error?: React.ReactNode;
}

export function PermissionCheckboxes({ value, onChange, error }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Checkbox.Group
      label={t('permission.label')}
      withAsterisk
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number).sort())}
      error={error}
    >
      <Group mt={6}>
        {PROJECT_PERMISSION_IDS.map((p) => (
          <Checkbox key={p} value={String(p)} label={t(`permission.${p}`)} data-testid={`permission-${p}`} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
