// /notices/pri/deep, /notices/pri/edge, /notices/pri/setup-wizard: the privacy notice of each product
// (the web platform, the edge inspection device, the setup wizard), with the terms of SPEC §9.
import { List, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

const PRODUCTS = ['deep', 'edge', 'setup-wizard'] as const;

export default function ProductPrivacyPage() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const product = PRODUCTS.find((p) => pathname.endsWith(`/${p}`)) ?? 'deep';
  const items = t(`pri.${product}.items`, { returnObjects: true }) as string[];
  const common = t('pri.common', { returnObjects: true }) as string[];
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%" data-testid={`privacy-${product}`}>
      <SegmentedControl
        value={product}
        onChange={(v) => void navigate(`/notices/pri/${v}`)}
        data={PRODUCTS.map((p) => ({ value: p, label: t(`pri.${p}.name`) }))}
        w="fit-content"
      />
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={1} fz={24}>
            {t('pri.title', { product: t(`pri.${product}.name`) })}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`pri.${product}.intro`)}
          </Text>
          <List spacing={6} size="sm">
            {[...items, ...common].map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            {t('pri.effective')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
