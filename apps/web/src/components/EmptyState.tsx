// The empty-result message used by every list.
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EmptyState({
  message,
  icon,
  py = 48,
}: {
  message?: ReactNode;
  icon?: ReactNode;
  py?: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py={py} data-testid="empty-state">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon ?? <IconInbox size={26} stroke={1.5} />}
      </ThemeIcon>
      <Text c="dimmed" size="sm" ta="center">
        {message ?? t('common:empty')}
      </Text>
    </Stack>
  );
}
