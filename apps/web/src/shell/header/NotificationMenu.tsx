// The latest 10 notifications, live over server-sent events, with the unread count and a link to all
// (/my/notifications). Opening one marks it read and goes to its work's page.
import { ActionIcon, Anchor, Divider, Group, Indicator, Menu, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { LAYOUT, notificationPath } from '@sightline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import {
  markNotificationRead,
  notificationKeys,
  useLatestNotifications,
} from '../../features/notification/api/notifications.api';
import { NotificationLine } from '../../features/notification/components/NotificationLine';
import headerClasses from './Header.module.css';

export function NotificationMenu() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { data } = useLatestNotifications(true);
  const items = data?.data ?? [];
  const unread = data?.unread ?? 0;
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={LAYOUT.alarmListWidth}
      shadow="lg"
      radius="md"
      withinPortal
    >
      <Menu.Target>
        <Indicator disabled={!unread} label={unread} size={16} color="crimson" offset={4}>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            className={headerClasses.iconButton}
            aria-label={t('common:header.notifications')}
            data-testid="notifications-button"
            data-unread={unread}
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
          <Anchor
            component={Link}
            to="/my/notifications"
            size="xs"
            data-testid="notifications-all"
            onClick={() => setOpened(false)}
          >
            {t('common:header.allNotifications')}
          </Anchor>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={LAYOUT.alarmListMaxHeight - 60}>
          {items.length === 0 ? (
            <EmptyState message={t('common:header.noNotifications')} py={28} />
          ) : (
            <Stack gap={0}>
              {items.map((n) => (
                <Menu.Item
                  key={n.id}
                  data-testid="notification-item"
                  onClick={() => {
                    void markNotificationRead(n.id)
                      .then(() => qc.invalidateQueries({ queryKey: notificationKeys.all }))
                      .catch(() => undefined);
                    void navigate(notificationPath(n));
                  }}
                >
                  <NotificationLine n={n} compact />
                </Menu.Item>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
