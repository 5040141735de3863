// Learning calls, generated from the domain route table (TRAIN_ROUTES + routePath), plus the few reads the
// add page needs from the dataset and algorithm APIs. Errors stay ApiError (translated by x-locale).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRAIN_ROUTES,
  routePath,
  type AlgorithmRecord,
  type DatasetDetail,
  type DatasetImage,
  type DatasetSummary,
  type LearningCreate,
  type LearningDetail,
  type LearningListItem,
  type PageOf,
  type VisionTask,
} from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { request, type Query } from '../../../api/client';
import { useSession } from '../../../session/store';
import { learningKeys } from './learning-keys';

const R = TRAIN_ROUTES;
type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string };

/** One call of the route table: path parameters filled, query and body passed as they are. */
export function call<T>(
  route: Route,
  opts: {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  return request<T>(routePath(route.path, opts.params), {
    method: route.method,
    query: opts.query,
    body: opts.body,
    signal: opts.signal,
  });
}

export const learningApi = {
  list: (query: Query, signal?: AbortSignal) =>
    call<PageOf<LearningListItem>>(R.listLearnings, { query, signal }),
  get: (id: number, signal?: AbortSignal) => call<LearningDetail>(R.getLearning, { params: { id }, signal }),
  checkName: (projectId: number, name: string, signal?: AbortSignal) =>
    call<{ available: boolean; code: string | null }>(R.checkModelName, {
      query: { project_id: projectId, name },
      signal,
    }),
  create: (body: LearningCreate) => call<LearningDetail>(R.createLearning, { body }),
  cancel: (id: number) => call<LearningDetail>(R.cancelLearning, { params: { id } }),
  remove: (id: number) => call<{ deleted: true }>(R.deleteLearning, { params: { id } }),
  file: (id: number, file: string) =>
    request<Blob>(routePath(R.learningFile.path, { id, file }), { responseType: 'blob', timeoutMs: 600_000 }),
};

/** One page of the current project's trainings (the ListPage's usePage: query = page, perPage, filters). */
export function useLearningPage(query: Record<string, string>) {
  const projectId = useSession((s) => s.currentProject?.id);
  // Server texts (algorithm names, error messages) come in the UI language: a new language asks again.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: learningKeys.list(projectId ?? 0, { ...query, lang: i18n.language }),
    queryFn: ({ signal }) => learningApi.list({ ...query, project_id: projectId }, signal),
    enabled: projectId != null,
    placeholderData: keepPreviousData,
  });
}

export function useLearning(id: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...learningKeys.detail(id), i18n.language],
    queryFn: ({ signal }) => learningApi.get(id, signal),
    enabled: id > 0,
  });
}

/** Finished models of the project (the relearning base model choice). */
export function useDoneModels(projectId: number | undefined) {
  return useQuery({
    queryKey: learningKeys.doneModels(projectId ?? 0),
    queryFn: ({ signal }) =>
      learningApi.list({ project_id: projectId, done_only: 'true', page: 1, perPage: 100 }, signal),
    enabled: projectId != null,
  });
}

function useInvalidateLearnings() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: learningKeys.all });
}

export function useCreateLearning() {
  const invalidate = useInvalidateLearnings();
  return useMutation({
    mutationFn: (body: LearningCreate) => learningApi.create(body),
    // The form shows these errors itself (inline or flash).
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useCancelLearning() {
  const invalidate = useInvalidateLearnings();
  return useMutation({
    mutationFn: (id: number) => learningApi.cancel(id),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useDeleteLearning() {
  const invalidate = useInvalidateLearnings();
  return useMutation({
    mutationFn: (id: number) => learningApi.remove(id),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

// ---- reads of other areas the add page needs ----

/** Training algorithms of the project (admin rows scoped to it) for one task. */
export function useTrainingAlgorithms(projectId: number | undefined, task: VisionTask | null) {
  return useQuery({
    queryKey: learningKeys.algorithms(projectId ?? 0, task ?? ''),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<AlgorithmRecord>>('/api/algorithms', {
          query: { projectId, kind: 'training', workType: task, perPage: 100 },
          signal,
        })
      ).data,
    enabled: projectId != null && task != null,
    staleTime: 60_000,
  });
}

/** Datasets of the project usable for training (purpose: data preprocessing), first 100. */
export function useTrainingDatasets(projectId: number | undefined) {
  return useQuery({
    queryKey: learningKeys.datasets(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<DatasetSummary>>('/api/v2/datasets', {
          query: { project_id: projectId, perPage: 100 },
          signal,
        })
      ).data.filter((d) => d.purpose === 'preprocessing'),
    enabled: projectId != null,
  });
}

export function useDatasetDetail(id: number | null) {
  return useQuery({
    queryKey: learningKeys.dataset(id ?? 0),
    queryFn: ({ signal }) => request<DatasetDetail>(`/api/v2/datasets/${id}`, { signal }),
    enabled: id != null,
  });
}

/** The first image of a dataset: the canvas of the target region editor. */
export function useFirstDatasetImage(id: number | null) {
  return useQuery({
    queryKey: learningKeys.datasetImage(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<DatasetImage>>(`/api/v2/datasets/${id}/images`, {
          query: { filter: 'all', page: 1, perPage: 1 },
          signal,
        })
      ).data[0] ?? null,
    enabled: id != null,
    meta: { silent: true },
  });
}
