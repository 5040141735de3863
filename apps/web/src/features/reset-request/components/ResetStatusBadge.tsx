// Status of a password-reset request: unprocessed, changed (done) or not possible (invalid).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResetRequestStatus } from '@sightline/domain';

const COLORS: Record<ResetRequestStatus, string> = {
  unprocessed: 'orange',
  changed: 'teal',
  invalid: 'gray',
};

export function ResetStatusBadge({ status }: { status: ResetRequestStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tt="none" color={COLORS[status]} variant="light" data-testid="reset-status">
      {t(`reset.status.${status}`)}
    </Badge>
  );
}
