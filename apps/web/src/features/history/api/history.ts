// The change history (audit log), server-paged.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryItem, PageOf } from '@sightline/domain';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';

export const useHistory = (query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.history(query),
    queryFn: () => http.get<PageOf<HistoryItem>>('/api/admin/history', query),
    placeholderData: keepPreviousData,
  });
