// User dropdown: my info (not for role 1), change password, log out after confirmation.
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { ROLE_LABEL_KEYS, navigationFor } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { confirm } from '../../components/confirm';
import { useAppConfig } from '../../config/AppConfigContext';
import { logout } from '../../session/session-actions';
import { useSession } from '../../session/store';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { productName } = useAppConfig();
  if (!user) return null;
  const nav = navigationFor({ roleId: user.role_id }, productName);
  const askLogout = async () => {
    if (await confirm({ title: t('common:session.logoutTitle'), message: t('common:session.logoutConfirm') }))
      await logout();
  };
  return (
    <Menu position="bottom-end" width={220} shadow="lg" radius="md">
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" style={{ color: 'inherit' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="crimson" variant="filled">
              {(user.name || user.username).slice(0, 1).toUpperCase()}
            </Avatar>
            <div style={{ lineHeight: 1.15 }}>
              <Text size="sm" fw={600}>
                {user.name || user.username}
              </Text>
              <Text size="xs" opacity={0.65}>
                {t(`common:${ROLE_LABEL_KEYS[user.role_id] ?? 'role.user'}`)}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {nav.myInfo && (
          <Menu.Item component={Link} to="/my" leftSection={<IconUser size={16} />}>
            {t('common:header.myInfo')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/my/change-password" leftSection={<IconKey size={16} />}>
          {t('common:header.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void askLogout()}
          data-testid="logout"
        >
          {t('common:header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
