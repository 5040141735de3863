// Algorithm registry calls: engine declarations, list, detail, create, update, delete and the
// description document (image or PDF).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Algorithm, AlgorithmAdminInput, AlgorithmRecord, PageOf } from '@sightline/domain';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';

const BASE = '/api/admin/algorithms';

export const useEngines = () =>
  useQuery({
    queryKey: [...tenancyKeys.algorithms(), 'engines'],
    queryFn: () => http.get<Algorithm[]>(`${BASE}/engines`),
    staleTime: Infinity,
  });

export const useAlgorithmList = (query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.algorithmList(query),
    queryFn: () => http.get<PageOf<AlgorithmRecord>>(BASE, query),
    placeholderData: keepPreviousData,
  });

export const useAlgorithm = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenancyKeys.algorithm(id),
    queryFn: () => http.get<AlgorithmRecord>(`${BASE}/${id}`),
    enabled,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tenancyKeys.algorithms() });
}

export function useSaveAlgorithm(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: AlgorithmAdminInput) =>
      id ? http.put<AlgorithmRecord>(`${BASE}/${id}`, body) : http.post<AlgorithmRecord>(BASE, body),
    onSuccess: invalidate,
  });
}

export function useDeleteAlgorithm() {
  const invalidate = useInvalidate();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (id: number) => http.del<unknown>(`${BASE}/${id}`),
    onSuccess: invalidate,
  });
}

export function useUploadDescription() {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<AlgorithmRecord>(`${BASE}/${id}/description`, body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.algorithms() }),
  });
}

export function useRemoveDescription() {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (id: number) => http.del<unknown>(`${BASE}/${id}/description`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.algorithms() }),
  });
}

/**
 * The description document as a blob (it needs the bearer token, so a plain <img src> cannot load it).
 * `null` when the algorithm has none (404 ALGORITHM_NO_DESCRIPTION).
 */
export const useDescriptionBlob = (id: number, version: string | null) =>
  useQuery({
    queryKey: [...tenancyKeys.algorithm(id), 'description', version],
    enabled: version !== null,
    meta: { silent: true },
    queryFn: async () => {
      try {
        return await api.get<Blob>(`${BASE}/${id}/description`, { responseType: 'blob' });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
