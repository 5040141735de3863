// A button opening the external labeling upload dialog (for the processing list and add pages).
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalUploadResult } from '../api/processing-data.api';
import { ExternalLabelingDialog } from './ExternalLabelingDialog';

export function ExternalLabelingButton({ onDone }: { onDone?: (r: ExternalUploadResult) => void }) {
  const { t } = useTranslation('processing-data');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUpload size={16} />}
        onClick={() => setOpened(true)}
        data-testid="external-open"
      >
        {t('external.open')}
      </Button>
      <ExternalLabelingDialog opened={opened} onClose={() => setOpened(false)} onDone={onDone} />
    </>
  );
}
