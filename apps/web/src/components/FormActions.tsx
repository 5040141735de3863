// The footer of every create/edit form: cancel (back to where the user came from) and save (submits).
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  onCancel: () => void;
  saving: boolean;
  saveTestId?: string;
}

export function FormActions({ onCancel, saving, saveTestId }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
