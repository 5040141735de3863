// Shortcut tiles to the admin areas (the home page is the system administrator's start page).
import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBrain,
  IconBuilding,
  IconFolders,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import classes from './AdminShortcuts.module.css';

const ITEMS: { key: 'company' | 'project' | 'user' | 'algorithm' | 'notice'; to: string; icon: Icon }[] = [
  { key: 'company', to: '/admin/company', icon: IconBuilding },
  { key: 'project', to: '/admin/project', icon: IconFolders },
  { key: 'user', to: '/admin/user', icon: IconUsers },
  { key: 'algorithm', to: '/admin/algorithm', icon: IconBrain },
  { key: 'notice', to: '/admin/notice', icon: IconSpeakerphone },
];

export function AdminShortcuts() {
  const { t } = useTranslation('home');
  return (
    <SimpleGrid cols={5} spacing="md">
      {ITEMS.map((i) => (
        <UnstyledButton key={i.key} component={Link} to={i.to} className={classes.tile}>
          <Paper withBorder radius="lg" p="md" h="100%">
            <Group gap={10} wrap="nowrap" mb={6}>
              <ThemeIcon variant="light" radius="md" size={32}>
                <i.icon size={18} stroke={1.8} />
              </ThemeIcon>
              <Text fw={700} size="sm">
                {t(`nav:${i.key}`)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`shortcutHint.${i.key}`)}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
