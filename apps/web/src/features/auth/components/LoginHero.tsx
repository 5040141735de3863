// The brand panel beside the login form.
import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../shell/header/BrandMark';
import classes from './LoginHero.module.css';

export function LoginHero() {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.hero}>
      <Stack gap="lg" className={classes.content}>
        <BrandMark size={44} inverted />
        <Title order={1} c="white" fz={34} lh={1.25} style={{ letterSpacing: '-0.02em' }}>
          {t('hero.title')}
        </Title>
        <Text c="rgba(255,255,255,.82)" size="md" maw={380}>
          {t('hero.body')}
        </Text>
        <List
          spacing="sm"
          mt="sm"
          c="white"
          size="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="rgba(255,255,255,.18)">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>{t('hero.point1')}</List.Item>
          <List.Item>{t('hero.point2')}</List.Item>
          <List.Item>{t('hero.point3')}</List.Item>
        </List>
      </Stack>
    </div>
  );
}
