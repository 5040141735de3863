// Providers: theme from the product name, modals, flash area, react-query and the router.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { LAYOUT } from '@sightline/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppConfig } from '../config/app-config';
import { AppConfigProvider } from '../config/AppConfigContext';
import { buildTheme, cssVariablesFor } from '../theme/theme';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

export function App({ config }: { config: AppConfig }) {
  const theme = useMemo(() => buildTheme(config.productName), [config.productName]);
  const router = useMemo(() => createAppRouter(), []);
  return (
    <AppConfigProvider value={config}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesFor(config.productName)}
        defaultColorScheme="light"
      >
        <ModalsProvider>
          <Notifications position="bottom-left" limit={4} style={{ maxWidth: LAYOUT.toastMaxWidth }} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </AppConfigProvider>
  );
}
