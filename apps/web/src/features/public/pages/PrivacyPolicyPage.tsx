// /privacyPolicy: the policy facts of SPEC §9 (retention, access logs, audits, cookies).
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const SECTIONS = ['retention', 'logs', 'audit', 'cookies'] as const;
/** The per-product privacy notices (/notices/pri/…). */
const PRODUCTS = ['deep', 'edge', 'setup-wizard'] as const;

export default function PrivacyPolicyPage() {
  const { t } = useTranslation('public');
  return (
    <Stack gap="lg" maw={820} mx="auto" py="md">
      <div>
        <Title order={1} fz={26}>
          {t('privacy.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('privacy.effective')}
        </Text>
      </div>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          {SECTIONS.map((s, i) => (
            <section key={s}>
              <Title order={2} fz={16} mb={6}>
                {i + 1}. {t(`privacy.sections.${s}.title`)}
              </Title>
              <Text size="sm" c="gray.8">
                {t(`privacy.sections.${s}.body`)}
              </Text>
            </section>
          ))}
        </Stack>
      </Paper>
      <Group gap="md" data-testid="privacy-products">
        {PRODUCTS.map((p) => (
          <Anchor key={p} component={Link} to={`/notices/pri/${p}`} size="sm">
            {t('notice:pri.title', { product: t(`notice:pri.${p}.name`) })}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
