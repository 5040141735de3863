// Side navigation: 210 px open, 64 px closed (icons with tooltips), toggle at the bottom.
import { Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isActive, type NavSection } from './nav-items';
import classes from './SideNav.module.css';

export interface SideNavProps {
  sections: NavSection[];
  collapsed: boolean;
  onToggle(): void;
}

export function SideNav({ sections, collapsed, onToggle }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className={classes.nav} data-collapsed={collapsed || undefined} data-testid="side-nav">
      <Stack gap={18} className={classes.sections}>
        {sections.map((section) => (
          <div key={section.key}>
            {section.label && !collapsed && (
              <Text className={classes.sectionLabel} size="xs" fw={700}>
                {t(section.label)}
              </Text>
            )}
            <Stack gap={2}>
              {section.items.map((item) => {
                const active = isActive(item, pathname);
                const link = (
                  <UnstyledButton
                    key={item.key}
                    component={Link}
                    to={item.to}
                    className={classes.item}
                    data-active={active || undefined}
                    data-testid={`nav-${item.key}`}
                    aria-current={active ? 'page' : undefined}
                    aria-label={collapsed ? t(item.label) : undefined}
                  >
                    <item.icon size={20} stroke={1.6} className={classes.icon} />
                    {!collapsed && (
                      <span className={classes.label} title={t(item.label)}>
                        {t(item.label)}
                      </span>
                    )}
                  </UnstyledButton>
                );
                return collapsed ? (
                  <Tooltip key={item.key} label={t(item.label)} position="right" withArrow>
                    {link}
                  </Tooltip>
                ) : (
                  link
                );
              })}
            </Stack>
          </div>
        ))}
      </Stack>
      <UnstyledButton
        className={classes.toggle}
        onClick={onToggle}
        aria-label={t('common:header.toggleNav')}
        data-testid="nav-toggle"
      >
        {collapsed ? (
          <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
        ) : (
          <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
        )}
      </UnstyledButton>
    </nav>
  );
}
