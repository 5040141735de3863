// The customer-service frame: a floating button opening support hours, the section's FAQ category
// (SPEC §2 help widget: login=1, dataset=2, processing=3, learning=4, inference=5) and links.
import { Affix, Button, Paper, Stack, Text, Title, ActionIcon, Group, Badge } from '@mantine/core';
import { IconHeadset, IconX } from '@tabler/icons-react';
import { navigationFor } from '@sightline/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppConfig } from '../config/AppConfigContext';

/** FAQ categories for the current section; elsewhere every category 1 to 5. */
export function faqCategories(path: string): number[] {
  if (path.startsWith('/auth')) return [1];
  if (path.startsWith('/train/processing')) return [3];
  if (path.startsWith('/train/learning')) return [4];
  if (path.startsWith('/train/inference')) return [5];
  if (path.startsWith('/train')) return [2];
  return [1, 2, 3, 4, 5];
}

export function CsFrame() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const nav = navigationFor({ roleId: 4 }, productName);
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      {open ? (
        <Paper shadow="xl" radius="lg" p="lg" w={300} withBorder data-testid="cs-frame">
          <Group justify="space-between" mb="xs">
            <Title order={4}>{t('common:cs.title')}</Title>
            <ActionIcon variant="subtle" color="gray" onClick={() => setOpen(false)} aria-label={t('common:actions.close')}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={6}>
            <Text size="sm">{t('common:cs.hours')}</Text>
            <Text size="sm" c="dimmed">
              {t('common:cs.reply')}
            </Text>
            {nav.helpWidget && (
              <Group gap={4} mt={4}>
                <Text size="xs" c="dimmed">
                  {t('common:cs.faq')}
                </Text>
                {faqCategories(pathname).map((c) => (
                  <Badge key={c} size="xs" variant="light">
                    {c}
                  </Badge>
                ))}
              </Group>
            )}
            {nav.customerService ? (
              <Button component={Link} to="/cs" mt="sm" onClick={() => setOpen(false)}>
                {t('common:cs.goCs')}
              </Button>
            ) : (
              <Button component={Link} to="/notices" mt="sm" variant="light" onClick={() => setOpen(false)}>
                {t('common:cs.notices')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <ActionIcon size={52} radius="xl" variant="filled" color="crimson" onClick={() => setOpen(true)} aria-label={t('common:cs.open')} data-testid="cs-button" style={{ boxShadow: '0 8px 24px rgba(155,27,48,.35)' }}>
          <IconHeadset size={26} stroke={1.6} />
        </ActionIcon>
      )}
    </Affix>
  );
}
