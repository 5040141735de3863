// AI labeling rerun dialog (SPEC §2): confirms, then queues the work's AI labeling again; the server
// refuses a work in progress, a final-saved labeling or (supervised) fewer than 100 labeled images.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { flash } from '../../../../components/flash';
import { useRerunAiLabeling } from '../api/processing-data.api';

export function AiRerunDialog({
  work,
  onClose,
}: {
  work: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('processing-data');
  const rerun = useRerunAiLabeling();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!work) return;
    try {
      await rerun.mutateAsync(work.id);
      flash('success', t('rerun.done'));
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <Modal
      opened={!!work}
      onClose={onClose}
      title={<Text fw={700}>{t('rerun.title')}</Text>}
      data-testid="ai-rerun-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('rerun.message', { name: work?.name ?? '' })}</Text>
        {error && (
          <Text c="red" size="sm" data-testid="ai-rerun-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={rerun.isPending} data-testid="ai-rerun-confirm">
            {t('rerun.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
