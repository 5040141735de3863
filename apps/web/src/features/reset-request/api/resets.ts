// Password-reset requests: list, detail, handle (reset → temporary password shown once, or invalid).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageOf, ResetRequest } from '@sightline/domain';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';

const BASE = '/api/admin/reset-requests';

export const useResetList = (query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.resetList(query),
    queryFn: () => http.get<PageOf<ResetRequest>>(BASE, query),
    placeholderData: keepPreviousData,
  });

export const useResetRequest = (id: number) =>
  useQuery({ queryKey: tenancyKeys.reset(id), queryFn: () => http.get<ResetRequest>(`${BASE}/${id}`) });

export interface HandledReset {
  request: ResetRequest;
  temporaryPassword: string | null;
}

export function useHandleReset(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (action: 'reset' | 'invalid') => http.post<HandledReset>(`${BASE}/${id}/handle`, { action }),
    // The answer carries the request's new state; the temporary password stays only in the page.
    onSuccess: (answer) => {
      qc.setQueryData(tenancyKeys.reset(id), answer.request);
      void qc.invalidateQueries({ queryKey: tenancyKeys.resets() });
      void qc.invalidateQueries({ queryKey: tenancyKeys.dashboard() });
    },
  });
}
