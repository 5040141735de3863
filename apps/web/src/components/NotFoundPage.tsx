// SPEC §8: 404 says 'This page could not be found' with a link back to the home page.
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('common:notFound.title')} · ${t('common:brand')}`;
  }, [t]);
  return (
    <Stack align="center" justify="center" mih="calc(100vh - 220px)" gap="sm" data-testid="not-found">
      <Text fw={800} fz={96} lh={1} c="crimson.7" style={{ letterSpacing: '-0.04em' }}>
        404
      </Text>
      <Title order={1} size="h2">
        {t('common:notFound.title')}
      </Title>
      <Button
        component={Link}
        to="/"
        variant="light"
        radius="xl"
        mt="md"
        leftSection={<IconArrowLeft size={16} />}
      >
        {t('common:notFound.back')}
      </Button>
    </Stack>
  );
}
