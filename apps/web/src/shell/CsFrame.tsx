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

/** The closed button: narrower than the page's 32 px right padding, as tall as before (52 px). */
export const CS_TAB = { width: 28, height: 52 } as const;

export function CsFrame() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const { pathname } = useLocation();
  const userId = useSession((s) => s.user?.id);
  const [open, setOpen] = useState(false);
  const nav = navigationFor({ roleId: 4 }, productName);
  return (
    // Closed, the button is a tab in the page's right padding (32 px, AppFrame), so it never covers
    // content at any scroll position (e.g. the score of the rightmost result card); open, a panel.
    <Affix position={{ bottom: 24, right: open ? 24 : 0 }} zIndex={150}>
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
          w={CS_TAB.width}
          h={CS_TAB.height}
          miw={CS_TAB.width}
          variant="filled"
          color="crimson"
          onClick={() => setOpen(true)}
          aria-label={t('common:cs.open')}
          title={t('common:cs.open')}
          data-testid="cs-button"
          style={{ borderRadius: '12px 0 0 12px', boxShadow: '0 6px 18px rgba(155,27,48,.35)' }}
        >
          <IconHeadset size={20} stroke={1.7} />
        </ActionIcon>
      )}
    </Affix>
  );
}
