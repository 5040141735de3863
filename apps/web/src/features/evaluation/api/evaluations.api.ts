// Performance evaluation calls (TRAIN_ROUTES in packages/domain/src/learning/routes.ts) and their
// react-query hooks. Active evaluations are polled so the list and the detail refresh without reload.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IMAGES_PER_PAGE,
  TRAIN_ROUTES as R,
  isActiveStatus,
  type AlgorithmRecord,
  type DatasetSummary,
  type EvaluationCreate,
  type EvaluationDetail,
  type EvaluationListItem,
  type LearningListItem,
  type ResultRow,
  type VisionTask,
} from '@sightline/domain';
import { api, type Paged } from '../../../api/client';
import { trainCall } from './train-call';

/** Refresh period of lists and pages that show a waiting or running job. */
export const LIVE_REFRESH_MS = 2000;

export const evaluationKeys = {
  all: ['evaluations'] as const,
  list: (projectId: number, q: Record<string, string>) => ['evaluations', 'list', projectId, q] as const,
  detail: (id: number) => ['evaluations', 'detail', id] as const,
  results: (id: number, q: ResultFilter) => ['evaluations', 'results', id, q] as const,
  models: (projectId: number, search: string, page: number) =>
    ['evaluations', 'models', projectId, search, page] as const,
  datasets: (projectId: number) => ['evaluations', 'datasets', projectId] as const,
  algorithms: (projectId: number, task: string) => ['evaluations', 'algorithms', projectId, task] as const,
};

export interface ResultFilter {
  filter: 'all' | 'correct' | 'wrong';
  true_class?: number;
  predicted_class?: number;
  /** ad: judge correct/wrong at this threshold on the server (the grid re-judges locally anyway). */
  threshold?: number;
  sort?: 'file' | 'score';
  order?: 'asc' | 'desc';
  page: number;
  perPage?: number;
}

export const evaluationApi = {
  list: (projectId: number, q: Record<string, string>) =>
    trainCall<Paged<EvaluationListItem>>(R.listEvaluations, {
      query: {
        project_id: projectId,
        status: q.status || undefined,
        search: q.search || undefined,
        page: q.page ?? 1,
        perPage: q.perPage ?? 10,
      },
    }),
  get: (id: number) => trainCall<EvaluationDetail>(R.getEvaluation, { params: { id } }),
  results: (id: number, q: ResultFilter) =>
    trainCall<Paged<ResultRow>>(R.evaluationResults, {
      params: { id },
      query: { perPage: IMAGES_PER_PAGE, ...q },
    }),
  create: (body: EvaluationCreate) => trainCall<EvaluationDetail>(R.createEvaluation, { body }),
  cancel: (id: number) => trainCall<EvaluationDetail>(R.cancelEvaluation, { params: { id } }),
  remove: (id: number) => trainCall<{ deleted: true }>(R.deleteEvaluation, { params: { id } }),
  requestDownload: (id: number) =>
    trainCall<{ job_id: string }>(R.requestEvaluationDownload, { params: { id } }),
  /** Models whose training is done (the model select dialog). */
  models: (projectId: number, search: string, page: number, task?: VisionTask) =>
    trainCall<Paged<LearningListItem>>(R.listLearnings, {
      query: {
        project_id: projectId,
        done_only: 'true',
        search: search || undefined,
        task,
        page,
        perPage: 10,
      },
    }),
};

const anyActive = (rows: { status: EvaluationListItem['status'] }[] | undefined) =>
  Boolean(rows?.some((r) => isActiveStatus(r.status)));

/** The list page's hook (ListPage usePage): polls while any row waits or runs. */
export function useEvaluationList(projectId: number | undefined, q: Record<string, string>) {
  return useQuery({
    queryKey: evaluationKeys.list(projectId ?? 0, q),
    queryFn: () => evaluationApi.list(projectId!, q),
    enabled: projectId != null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyActive(query.state.data?.data) ? LIVE_REFRESH_MS : false),
  });
}

export function useEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKeys.detail(id),
    queryFn: () => evaluationApi.get(id),
    refetchInterval: (query) => {
      const s = query.state.data?.status;
      return s && isActiveStatus(s) ? LIVE_REFRESH_MS : false;
    },
  });
}

export function useEvaluationResults(id: number, q: ResultFilter, enabled = true) {
  return useQuery({
    queryKey: evaluationKeys.results(id, q),
    queryFn: () => evaluationApi.results(id, q),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDoneModels(projectId: number | undefined, search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: evaluationKeys.models(projectId ?? 0, search, page),
    queryFn: () => evaluationApi.models(projectId!, search, page),
    enabled: enabled && projectId != null,
    placeholderData: keepPreviousData,
  });
}

/** Datasets of purpose 'single performance evaluation' (first 100). */
export function useEvaluationDatasets(projectId: number | undefined) {
  return useQuery({
    queryKey: evaluationKeys.datasets(projectId ?? 0),
    queryFn: async () =>
      (
        await api.get<Paged<DatasetSummary>>('/api/v2/datasets', {
          query: { project_id: projectId, purpose: 'evaluation', perPage: 100 },
        })
      ).data,
    enabled: projectId != null,
  });
}

/** The project's training algorithm rows of a task: the model's row gives the inference parameters. */
export function useTrainingAlgorithms(projectId: number | undefined, task: VisionTask | undefined) {
  return useQuery({
    queryKey: evaluationKeys.algorithms(projectId ?? 0, task ?? ''),
    queryFn: async () =>
      (
        await api.get<Paged<AlgorithmRecord>>('/api/algorithms', {
          query: { projectId, workType: task, kind: 'training', perPage: 100 },
        })
      ).data,
    enabled: projectId != null && task != null,
  });
}

/** silent: the caller shows the error itself (the add form); otherwise the general handler flashes it. */
function useEvaluationMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent },
    onSuccess: () => qc.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

export const useCreateEvaluation = () => useEvaluationMutation(evaluationApi.create, true);
export const useCancelEvaluation = () => useEvaluationMutation(evaluationApi.cancel);
export const useDeleteEvaluation = () => useEvaluationMutation(evaluationApi.remove);

export function useRequestResultDownload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: evaluationApi.requestDownload,
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['download-requests'] }),
  });
}
