// One "choose a row" dialog (company select, project select): a server-side search, a paged table
// and a confirm button that hands the chosen row back.
import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PickerList, type PickerListProps } from './PickerList';

interface Props<Row> extends Omit<PickerListProps<Row>, 'picked' | 'onPicked' | 'enabled'> {
  opened: boolean;
  onClose: () => void;
  title: string;
  onPick: (row: Row) => void;
  confirmLabel?: string;
  testId?: string;
}

export function PickerDialog<Row>({
  opened,
  onClose,
  title,
  onPick,
  confirmLabel,
  testId,
  ...list
}: Props<Row>) {
  const { t } = useTranslation('admin');
  const [picked, setPicked] = useState<Row | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered data-testid={testId}>
      <Stack>
        <PickerList {...list} picked={picked} onPicked={setPicked} enabled={opened} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={picked === null}
            data-testid="picker-confirm"
            onClick={() => {
              if (picked) onPick(picked);
              close();
            }}
          >
            {confirmLabel ?? t('common.select')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
