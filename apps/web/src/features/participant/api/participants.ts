// Participant and manager calls of one project: lists, add, permissions, remove, candidate lists.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PageOf, Participant, ParticipantAdd } from '@sightline/domain';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';
import { useInvalidateProjects } from '../../project/api/projects';

const BASE = '/api/admin/projects';

export const useParticipants = (id: number, query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.projectMembers(id, query),
    queryFn: () => http.get<PageOf<Participant>>(`${BASE}/${id}/participants`, query),
    placeholderData: keepPreviousData,
  });

export function useAddParticipant(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: ParticipantAdd) => http.post<Participant>(`${BASE}/${projectId}/participants`, body),
    onSuccess: invalidate,
  });
}

export function useUpdatePermissions(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: ({ userId, permissions }: { userId: number; permissions: number[] }) =>
      http.put<Participant>(`${BASE}/${projectId}/participants/${userId}/permissions`, { permissions }),
    onSuccess: invalidate,
  });
}

export function useRemoveParticipant(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (userId: number) => http.del<unknown>(`${BASE}/${projectId}/participants/${userId}`),
    onSuccess: invalidate,
  });
}

export function useAddManager(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (userId: number) => http.post<Participant>(`${BASE}/${projectId}/managers`, { userId }),
    onSuccess: invalidate,
  });
}

export function useRemoveManager(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (userId: number) => http.del<unknown>(`${BASE}/${projectId}/managers/${userId}`),
    onSuccess: invalidate,
  });
}

/** A person offered by the candidate lists (name masked by the server). */
export interface Candidate {
  id: number;
  username: string;
  name: string;
  department: string;
  roleId: number;
}

/**
 * Builds the list hook of a candidate list ('participant' or 'manager') for one project; the pickers
 * take a hook so the same table serves companies, users and candidates.
 */
export function candidatesHook(projectId: number, kind: 'participant' | 'manager') {
  return function useCandidates(query: Record<string, string>, enabled: boolean) {
    return useQuery({
      queryKey: [...tenancyKeys.project(projectId), `${kind}-candidates`, query],
      queryFn: () => http.get<PageOf<Candidate>>(`${BASE}/${projectId}/${kind}-candidates`, query),
      placeholderData: keepPreviousData,
      enabled,
    });
  };
}

export const useManagers = (id: number, query: Record<string, string>) =>
  useQuery({
    queryKey: [...tenancyKeys.project(id), 'managers', query],
    queryFn: () => http.get<PageOf<Participant>>(`${BASE}/${id}/managers`, query),
    placeholderData: keepPreviousData,
  });
