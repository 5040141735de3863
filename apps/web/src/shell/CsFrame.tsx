// The customer-service frame: a floating button opening support hours and, outside the public-cloud
// theme, the help widget (SPEC §2): the section's FAQ (login=1, dataset=2, processing=3, learning=4,
// inference=5, elsewhere 1 to 5) and a button to /cs with type=1 and the session's inquiry key.
import { ActionIcon, Affix, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeadset, IconX } from '@tabler/icons-react';
import { navigationFor } from '@sightline/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppConfig } from '../config/AppConfigContext';
import { useSession } from '../session/store';
import { FaqList } from './cs/FaqList';
import { customerServiceHref, faqCategories } from './cs/help-widget';

export { faqCategories } from './cs/help-widget';

export function CsFrame() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const { pathname } = useLocation();
  const userId = useSession((s) => s.user?.id);
  const [open, setOpen] = useState(false);
  const nav = navigationFor({ roleId: 4 }, productName);
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      {open ? (
        <Paper
          shadow="xl"
          radius="lg"
          p="lg"
          w={nav.helpWidget ? 380 : 300}
          withBorder
          data-testid="cs-frame"
        >
          <Group justify="space-between" mb="xs">
            <Title order={4}>{t('common:cs.title')}</Title>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpen(false)}
              aria-label={t('common:actions.close')}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={6}>
            <Text size="sm">{t('common:cs.hours')}</Text>
            <Text size="sm" c="dimmed">
              {t('common:cs.reply')}
            </Text>
            {nav.helpWidget && (
              <>
                <Text size="sm" fw={700} mt={6}>
                  {t('faq:title')}
                </Text>
                <FaqList categories={faqCategories(pathname)} />
                <Button
                  component={Link}
                  to={customerServiceHref(userId)}
                  mt="sm"
                  onClick={() => setOpen(false)}
                  data-testid="cs-inquiry"
                >
                  {t('faq:goCs')}
                </Button>
              </>
            )}
            {nav.customerService && (
              <Button component={Link} to="/cs" mt="sm" onClick={() => setOpen(false)}>
                {t('common:cs.goCs')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <ActionIcon
          size={52}
          radius="xl"
          variant="filled"
          color="crimson"
          onClick={() => setOpen(true)}
          aria-label={t('common:cs.open')}
          data-testid="cs-button"
          style={{ boxShadow: '0 8px 24px rgba(155,27,48,.35)' }}
        >
          <IconHeadset size={26} stroke={1.6} />
        </ActionIcon>
      )}
    </Affix>
  );
}
