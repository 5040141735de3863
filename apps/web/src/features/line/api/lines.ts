// Inspection lines of a project: list, add, edit, remove.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LineRecord, LineInput, PageOf } from '@sightline/domain';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';

const base = (projectId: number) => `/api/admin/projects/${projectId}/lines`;

export const useLines = (projectId: number) =>
  useQuery({
    queryKey: [...tenancyKeys.project(projectId), 'lines'],
    queryFn: () =>
      http.get<PageOf<LineRecord>>(base(projectId), { perPage: 100, sort: 'code', order: 'asc' }),
    select: (p) => p.data,
  });

export function useSaveLine(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: ({ id, ...body }: LineInput & { id?: number }) =>
      id
        ? http.patch<LineRecord>(`${base(projectId)}/${id}`, body)
        : http.post<LineRecord>(base(projectId), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.all }),
  });
}

export function useRemoveLine(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (id: number) => http.del<unknown>(`${base(projectId)}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.all }),
  });
}
