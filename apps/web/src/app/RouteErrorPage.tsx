// Router error element: a stale chunk reloads once; anything else shows the error message.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import NotFoundPage from '../components/NotFoundPage';
import { Spinner } from '../components/Spinner';
import { isChunkLoadError, reloadOnceForChunkError } from './lazy-page';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadError(error) && reloadOnceForChunkError()) return <Spinner />;
  // SPEC §8: the title of a failed load falls back to 'Error'.
  document.title = t('common:error.title');
  const message =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Stack align="center" justify="center" mih="60vh" gap="sm" data-testid="route-error">
      <Title order={2}>{t('common:error.title')}</Title>
      <Text c="dimmed">{message || t('common:error.noMessage')}</Text>
      <Anchor component={Link} to="/">
        {t('common:notFound.back')}
      </Anchor>
    </Stack>
  );
}
