// Per-project permissions as badges: 1 training, 2 monitoring (SPEC §6).
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PermissionBadges({ permissions }: { permissions: number[] }) {
  const { t } = useTranslation('admin');
  if (permissions.length === 0) return <>-</>;
  return (
    <Group gap={4}>
      {permissions.map((p) => (
        <Badge key={p} variant="light" color={p === 1 ? 'blue' : 'green'} size="sm" tt="none">
          {t(`permission.${p}`, { defaultValue: String(p) })}
        </Badge>
      ))}
    </Group>
  );
}
