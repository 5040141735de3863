// One QueryClient: errors go to the general handler unless a query sets meta.silent.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { handleApiError } from '../api/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err, query) => !query.meta?.silent && handleApiError(err) }),
  mutationCache: new MutationCache({ onError: (err, _v, _c, m) => !m.meta?.silent && handleApiError(err) }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; retry only transient failures, once.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
  },
});
