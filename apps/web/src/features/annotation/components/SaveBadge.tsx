// The save state of the workspace: saved, saving, queued (offline: kept in this browser), error.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../utils/save-queue';

const COLOR: Record<SaveStatus, string> = { saved: 'teal', saving: 'blue', queued: 'orange', error: 'red' };

export function SaveBadge({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('annotation');
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="save-status" data-status={status}>
      {t(`save.${status}`)}
    </Badge>
  );
}
