// The latest 10 notifications and a link to all. A server without the endpoint yields the empty state.
import {
  ActionIcon,
  Anchor,
  Badge,
  Divider,
  Group,
  Indicator,
  Menu,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { LAYOUT, NOTIFICATION_PAGE_SIZE } from '@sightline/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, type Paged } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { EmptyState } from '../../components/EmptyState';
import headerClasses from './Header.module.css';

export interface NotificationItem {
  id: number;
  title?: string;
  message?: string;
  content?: string;
  status?: string;
  is_read?: boolean;
  created_at?: string;
}

async function fetchLatest(): Promise<NotificationItem[]> {
  try {
    const page = await api.get<Paged<NotificationItem>>('/api/notifications', {
      query: { perPage: NOTIFICATION_PAGE_SIZE },
    });
    return page?.data ?? [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function NotificationMenu() {
  const { t } = useTranslation();
  const { data = [] } = useQuery({
    queryKey: ['notifications', 'latest'],
    queryFn: fetchLatest,
    meta: { silent: true },
    refetchInterval: 60_000,
  });
  const unread = data.filter((n) => n.is_read === false).length;
  return (
    <Menu position="bottom-end" width={LAYOUT.alarmListWidth} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <Indicator disabled={!unread} label={unread} size={16} color="crimson" offset={4}>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            className={headerClasses.iconButton}
            aria-label={t('common:header.notifications')}
            data-testid="notifications-button"
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown data-testid="notifications-dropdown">
        <Group justify="space-between" px="sm" py={8}>
          <Text fw={700} size="sm">
            {t('common:header.notifications')}
          </Text>
          <Anchor component={Link} to="/my/notifications" size="xs">
            {t('common:header.allNotifications')}
          </Anchor>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={LAYOUT.alarmListMaxHeight - 60}>
          {data.length === 0 ? (
            <EmptyState message={t('common:header.noNotifications')} py={28} />
          ) : (
            <Stack gap={0}>
              {data.map((n) => (
                <Menu.Item key={n.id} component={Link} to="/my/notifications">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={n.is_read === false ? 600 : 400} lineClamp={2}>
                        {n.title ?? n.message ?? n.content}
                      </Text>
                      {n.created_at && (
                        <Text size="xs" c="dimmed">
                          {dayjs(n.created_at).format('YYYY-MM-DD HH:mm')}
                        </Text>
                      )}
                    </div>
                    {n.status && (
                      <Badge size="xs" variant="light" color={n.status === 'done' ? 'teal' : 'blue'}>
                        {n.status === 'done'
                          ? t('common:header.statusDone')
                          : t('common:header.statusProgress')}
                      </Badge>
                    )}
                  </Group>
                </Menu.Item>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
