// User calls: list, detail, create, update, ID duplicate check, default project.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';
import type { CheckAnswer, PageOf, UserRecord } from '@sightline/domain';

const BASE = '/api/admin/users';

export const useUserList = (query: Record<string, string>, enabled = true) =>
  useQuery({
    queryKey: tenancyKeys.userList(query),
    queryFn: () => http.get<PageOf<UserRecord>>(BASE, query),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useUser = (id: number, enabled = true) =>
  useQuery({ queryKey: tenancyKeys.user(id), queryFn: () => http.get<UserRecord>(`${BASE}/${id}`), enabled });

export const checkUsername = (username: string, projectId?: number) =>
  http.get<CheckAnswer>(`${BASE}/check-username`, { username, projectId });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tenancyKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: unknown) => http.post<UserRecord>(BASE, body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: unknown) => http.patch<UserRecord>(`${BASE}/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useSetDefaultProject(userId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (projectId: number | null) =>
      http.put<UserRecord>(`${BASE}/${userId}/default-project`, { projectId }),
    onSuccess: invalidate,
  });
}
