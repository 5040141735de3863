// Compare calls (TRAIN_ROUTES) and hooks: list, check of the class information, create, detail with one
// evaluation per model, and the images where the models disagree. Active compares are polled.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  IMAGES_PER_PAGE,
  TRAIN_ROUTES as R,
  isActiveStatus,
  type CompareCreate,
  type compareCheckResultSchema,
  type compareDetailSchema,
  type compareListItemSchema,
  type disagreementRowSchema,
} from '@sightline/domain';
import type { Paged } from '../../../api/client';
import { LIVE_REFRESH_MS } from '../../evaluation/api/evaluations.api';
import { trainCall } from '../../evaluation/api/train-call';

export type CompareListItem = z.infer<typeof compareListItemSchema>;
export type CompareDetail = z.infer<typeof compareDetailSchema>;
export type CompareCheckResult = z.infer<typeof compareCheckResultSchema>;
export type DisagreementRow = z.infer<typeof disagreementRowSchema>;

export const compareKeys = {
  all: ['compares'] as const,
  list: (projectId: number, page: number) => ['compares', 'list', projectId, page] as const,
  detail: (id: number) => ['compares', 'detail', id] as const,
  disagreements: (id: number, page: number) => ['compares', 'disagreements', id, page] as const,
};

export const compareApi = {
  list: (projectId: number, page: number) =>
    trainCall<Paged<CompareListItem>>(R.listCompares, {
      query: { project_id: projectId, page, perPage: 10 },
    }),
  get: (id: number) => trainCall<CompareDetail>(R.getCompare, { params: { id } }),
  disagreements: (id: number, page: number) =>
    trainCall<Paged<DisagreementRow>>(R.compareDisagreements, {
      params: { id },
      query: { page, perPage: IMAGES_PER_PAGE },
    }),
  check: (modelIds: number[]) =>
    trainCall<CompareCheckResult>(R.checkCompare, { body: { model_ids: modelIds } }),
  create: (body: CompareCreate) => trainCall<CompareDetail>(R.createCompare, { body }),
  remove: (id: number) => trainCall<{ deleted: true }>(R.deleteCompare, { params: { id } }),
  cancel: (id: number) => trainCall<CompareDetail>(R.cancelCompare, { params: { id } }),
};

export function useCompareList(projectId: number | undefined, page: number) {
  return useQuery({
    queryKey: compareKeys.list(projectId ?? 0, page),
    queryFn: () => compareApi.list(projectId!, page),
    enabled: projectId != null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((c) => isActiveStatus(c.status)) ? LIVE_REFRESH_MS : false,
  });
}

export function useCompare(id: number) {
  return useQuery({
    queryKey: compareKeys.detail(id),
    queryFn: () => compareApi.get(id),
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s && isActiveStatus(s) ? LIVE_REFRESH_MS : false;
    },
  });
}

export function useDisagreements(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: compareKeys.disagreements(id, page),
    queryFn: () => compareApi.disagreements(id, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The class-information check of the chosen models (empty or one model: nothing to check). */
export function useCompareCheck(modelIds: number[]) {
  return useQuery({
    queryKey: ['compares', 'check', modelIds],
    queryFn: () => compareApi.check(modelIds),
    enabled: modelIds.length >= 2,
    meta: { silent: true },
    retry: false,
  });
}

export function useCreateCompare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: compareApi.create,
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: compareKeys.all }),
  });
}

export function useDeleteCompare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: compareApi.remove,
    onSuccess: () => qc.invalidateQueries({ queryKey: compareKeys.all }),
  });
}

export function useCancelCompare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: compareApi.cancel,
    onSuccess: (c) => {
      qc.setQueryData(compareKeys.detail(c.id), c);
      return qc.invalidateQueries({ queryKey: compareKeys.all });
    },
  });
}
