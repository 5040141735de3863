// Dashboard counts and the change history (audit log).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, HistoryItem, PageOf } from '@sightline/domain';
import { http } from './http';
import { tenancyKeys } from './keys';

export const useDashboard = () =>
  useQuery({
    queryKey: tenancyKeys.dashboard(),
    queryFn: () => http.get<Dashboard>('/api/admin/dashboard'),
    // Running jobs change while the page is open.
    refetchInterval: 15_000,
  });

export const useHistory = (query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.history(query),
    queryFn: () => http.get<PageOf<HistoryItem>>('/api/admin/history', query),
    placeholderData: keepPreviousData,
  });
