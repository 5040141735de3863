// Project calls: list, detail, create, update, code duplicate check.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';
import type { CheckAnswer, PageOf, ProjectRecord } from '@sightline/domain';

const BASE = '/api/admin/projects';

export const useProjectList = (query: Record<string, string>, enabled = true) =>
  useQuery({
    queryKey: tenancyKeys.projectList(query),
    queryFn: () => http.get<PageOf<ProjectRecord>>(BASE, query),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useProject = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenancyKeys.project(id),
    queryFn: () => http.get<ProjectRecord>(`${BASE}/${id}`),
    enabled,
  });

export const checkProjectCode = (code: string) => http.get<CheckAnswer>(`${BASE}/check-code`, { code });

export function useInvalidateProjects() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tenancyKeys.all });
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: unknown) => http.post<ProjectRecord>(BASE, body),
    onSuccess: invalidate,
  });
}

export function useUpdateProject(id: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: unknown) => http.patch<ProjectRecord>(`${BASE}/${id}`, body),
    onSuccess: invalidate,
  });
}
