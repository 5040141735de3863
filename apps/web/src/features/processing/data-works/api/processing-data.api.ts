// Calls of the data processing works: augmentation and AI labeling creates, the rerun, proposals and
// their review, and the external labeling upload (multipart, with upload progress).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOCALE_HEADER,
  type AiLabelingCreate,
  type AlgorithmRecord,
  type AugmentationCreate,
  type DatasetSummary,
  type LearningListItem,
  type PageOf,
} from '@sightline/domain';
import { api, buildUrl, request } from '../../../../api/client';
import { ApiError } from '../../../../api/api-error';
import { getToken } from '../../../../api/token';
import { currentLocale } from '../../../../i18n';
import { UploadError, uploadWithProgress } from '../../../dataset/utils/upload-with-progress';

export const processingDataKeys = {
  all: ['processing-data'] as const,
  datasets: (projectId: number) => ['processing-data', 'datasets', projectId] as const,
  algorithms: (projectId: number) => ['processing-data', 'algorithms', projectId] as const,
  models: (projectId: number) => ['processing-data', 'models', projectId] as const,
  proposals: (workId: number, status: string) => ['processing-data', 'proposals', workId, status] as const,
};

export interface CreatedWork {
  id: number;
  job_id: string;
  result_dataset_id: number;
}

export interface Proposal {
  image_id: string;
  file_name: string;
  thumb_url: string;
  class_id: number | null;
  score: number | null;
  confirmed: boolean;
  prediction: Record<string, unknown>;
}

/** Datasets of the project usable for processing (purpose: data preprocessing), first 100. */
export function useProcessingDatasets(projectId: number | undefined) {
  return useQuery({
    queryKey: processingDataKeys.datasets(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<DatasetSummary>>('/api/v2/datasets', {
          query: { project_id: projectId, perPage: 100 },
          signal,
        })
      ).data.filter((d) => d.purpose === 'preprocessing' && d.type !== 'ad'),
    enabled: projectId != null,
  });
}

/** Augmentation algorithms of the admin registry usable in the project. */
export function useAugmentationAlgorithms(projectId: number | undefined) {
  return useQuery({
    queryKey: processingDataKeys.algorithms(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<AlgorithmRecord>>('/api/algorithms', {
          query: { projectId, kind: 'augmentation', perPage: 100 },
          signal,
        })
      ).data,
    enabled: projectId != null,
    staleTime: 60_000,
  });
}

/** Finished models of the project (supervised AI labeling). */
export function useDoneModels(projectId: number | undefined) {
  return useQuery({
    queryKey: processingDataKeys.models(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request<PageOf<LearningListItem>>('/api/v2/learnings', {
          query: { project_id: projectId, done_only: 'true', page: 1, perPage: 100 },
          signal,
        })
      ).data,
    enabled: projectId != null,
  });
}

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The forms show these errors themselves (inline or flash).
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: processingDataKeys.all }),
        qc.invalidateQueries({ queryKey: ['processing'] }),
      ]),
  });
}

export const useCreateAugmentation = () =>
  useInvalidating((body: Partial<AugmentationCreate>) =>
    api.post<CreatedWork>('/api/v2/processing/augmentation', body),
  );

export const useCreateAiLabeling = () =>
  useInvalidating((body: Partial<AiLabelingCreate>) => api.post<CreatedWork>('/api/v2/processing/ai', body));

export const useRerunAiLabeling = () =>
  useInvalidating((workId: number) =>
    api.post<{ id: number; job_id: string }>(`/api/v2/processing/${workId}/rerun`, {}),
  );

export function useProposals(workId: number, status: 'pending' | 'all' = 'pending', page = 1) {
  return useQuery({
    queryKey: [...processingDataKeys.proposals(workId, status), page],
    queryFn: () =>
      api.get<{ data: Proposal[]; total: number }>(`/api/v2/processing/${workId}/proposals`, {
        query: { status, page, perPage: 30 },
      }),
  });
}

export function useReviewProposal(workId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { imageId: string; decision: 'accept' | 'reject' }) =>
      api.post(`/api/v2/processing/${workId}/proposals/${input.imageId}`, { decision: input.decision }),
    // The list, and the workspace's images and documents (a reject clears the label).
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: processingDataKeys.all }),
        qc.invalidateQueries({ queryKey: ['annotation'] }),
      ]),
  });
}

export interface ExternalUploadInput {
  project_id: number;
  name: string;
  dataset_name: string;
  label_type: string;
  description?: string;
  files: File[];
}

/** The upload is stored; its processing.data job imports it (the work shows the progress). */
export interface ExternalUploadResult {
  id: number;
  job_id: string;
  result_dataset_id: number;
  images: number;
  classes: string[];
}

/** Fields first (the server refuses a bad project before the bytes), then the files. */
export async function uploadExternal(input: ExternalUploadInput, onProgress?: (percent: number) => void) {
  const body = new FormData();
  body.append('project_id', String(input.project_id));
  body.append('name', input.name);
  body.append('dataset_name', input.dataset_name);
  body.append('label_type', input.label_type);
  if (input.description) body.append('description', input.description);
  for (const f of input.files) body.append('file', f, f.name);
  const token = getToken();
  try {
    // uploadWithProgress answers the body's `data`.
    return await uploadWithProgress<ExternalUploadResult>(buildUrl('/api/v2/processing/external'), body, {
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), [LOCALE_HEADER]: currentLocale() },
      onProgress: (p) => onProgress?.(p.percent),
      timeoutMs: 30 * 60_000,
    });
  } catch (err) {
    if (err instanceof UploadError)
      throw new ApiError(err.status, err.code ?? 'UPLOAD_FAILED', err.message, err.field);
    throw err;
  }
}
