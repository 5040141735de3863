// The 54 px header: brand, project and line pickers where they apply, then notifications,
// download requests, language and the user menu.
import { ActionIcon, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { navigationFor } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useRouteMeta } from '../../app/route-meta';
import { useAppConfig } from '../../config/AppConfigContext';
import { useSession } from '../../session/store';
import { lookFor } from '../../theme/theme';
import { openDownloadModal } from '../download-modal';
import { BrandMark } from './BrandMark';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LineSelect } from './LineSelect';
import { NotificationMenu } from './NotificationMenu';
import { ProjectSelect } from './ProjectSelect';
import { UserMenu } from './UserMenu';
import classes from './Header.module.css';

export function Header() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const user = useSession((s) => s.user);
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const look = lookFor(productName);
  const nav = user ? navigationFor({ roleId: user.role_id }, productName) : null;
  const area = meta?.area;
  const showProject = !!user && (area === 'home' || area === 'train' || area === 'monitoring');
  const showLine = !!user && area === 'monitoring' && !!nav?.lineDropdown;

  return (
    <div className={classes.header} data-product={productName} data-testid="app-header">
      <UnstyledButton component={Link} to="/" className={classes.brand} aria-label={look.brand}>
        <BrandMark />
        <Text fw={800} size="lg" style={{ letterSpacing: '-0.02em' }}>
          {look.brand}
        </Text>
      </UnstyledButton>
      <Group gap="sm" ml="lg" wrap="nowrap">
        {showProject && <ProjectSelect />}
        {showLine && <LineSelect />}
      </Group>
      <Group gap="sm" ml="auto" wrap="nowrap">
        {nav?.notifications && <NotificationMenu />}
        {user && (
          <Tooltip label={t('common:header.downloads')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              radius="xl"
              className={classes.iconButton}
              aria-label={t('common:header.downloads')}
              data-testid="downloads-button"
              onClick={openDownloadModal}
            >
              <IconDownload size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        )}
        <LanguageSwitcher />
        {user ? (
          <UserMenu />
        ) : (
          !pathname.startsWith('/auth') && (
            <Button component={Link} to="/auth/login" size="xs" radius="xl">
              {t('auth:login.submit')}
            </Button>
          )
        )}
      </Group>
    </div>
  );
}
