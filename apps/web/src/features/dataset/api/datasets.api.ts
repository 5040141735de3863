// Dataset reads and the upload (apps/server/src/features/DATASET_API.md).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IMAGES_PER_PAGE,
  LOCALE_HEADER,
  type DatasetDetail,
  type DatasetImage,
  type DatasetSummary,
  type ImageFilter,
  type UploadProgress as UploadProgressAnswer,
  type UploadQuota,
  type UploadResult,
} from '@sightline/domain';
import { api, buildUrl, handleSessionAnswer, type Paged } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { getToken } from '../../../api/token';
import { currentLocale } from '../../../i18n';
import { uploadWithProgress } from '../utils/upload-with-progress';
import type { UploadFormValues } from '../utils/upload-form';
import { datasetKeys } from './dataset-keys';

export const DATASET_BASE = '/api/v2/datasets';
const LIST_PAGE_SIZE = 10;

export function useDatasets(projectId: number | undefined, search: string, page: number) {
  return useQuery({
    queryKey: datasetKeys.list(projectId ?? 0, search, page),
    queryFn: () =>
      api.get<Paged<DatasetSummary>>(DATASET_BASE, {
        query: { project_id: projectId, search: search || undefined, page, perPage: LIST_PAGE_SIZE },
      }),
    enabled: projectId != null,
    placeholderData: keepPreviousData,
  });
}

/** Every dataset of the project (first 100), for the upload dialog's "existing dataset" choice. */
export function useDatasetOptions(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: datasetKeys.options(projectId),
    queryFn: async () =>
      (await api.get<Paged<DatasetSummary>>(DATASET_BASE, { query: { project_id: projectId, perPage: 100 } }))
        .data,
    enabled,
  });
}

export function useDataset(id: number | undefined) {
  return useQuery({
    queryKey: datasetKeys.detail(id ?? 0),
    queryFn: () => api.get<DatasetDetail>(`${DATASET_BASE}/${id}`),
    enabled: id != null,
  });
}

export interface ImageQuery {
  filter: ImageFilter;
  folderId?: number;
  classId?: number | 'none';
  page: number;
}

export function useDatasetImages(id: number | undefined, q: ImageQuery) {
  return useQuery({
    queryKey: datasetKeys.images(id ?? 0, q),
    queryFn: () =>
      api.get<Paged<DatasetImage>>(`${DATASET_BASE}/${id}/images`, {
        query: {
          filter: q.filter,
          folder_id: q.folderId,
          class_id: q.classId,
          page: q.page,
          perPage: IMAGES_PER_PAGE,
        },
      }),
    enabled: id != null,
    placeholderData: keepPreviousData,
  });
}

export function useUploadQuota(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: datasetKeys.quota(projectId),
    queryFn: () => api.get<UploadQuota>(`${DATASET_BASE}/upload/quota`, { query: { project_id: projectId } }),
    enabled,
  });
}

/** Server-side processing after the bytes arrived (checking, storing, saving), polled about every second. */
export function useUploadServerProgress(uploadId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['datasets', 'upload-progress', uploadId],
    queryFn: () => api.get<UploadProgressAnswer>(`${DATASET_BASE}/upload/${uploadId}/progress`),
    enabled: enabled && uploadId != null,
    refetchInterval: 1000,
    retry: false,
    // 404 until the server has registered the upload: not an error worth showing.
    meta: { silent: true },
  });
}

export interface UploadOutcome {
  datasetId: number;
  added: number;
  /** Files already in the dataset (same content), not stored again. */
  skipped: number;
  renamed: number;
}

export interface UploadArgs {
  values: UploadFormValues;
  uploadId: string;
  onProgress: (percent: number) => void;
}

/** Multipart upload through XMLHttpRequest so the dialog can show upload progress. */
export async function uploadDataset(
  projectId: number,
  { values, uploadId, onProgress }: UploadArgs,
): Promise<UploadOutcome> {
  const body = new FormData();
  body.set('project_id', String(projectId));
  body.set('upload_id', uploadId);
  if (values.target === 'existing') body.set('dataset_id', values.datasetId);
  else {
    body.set('name', values.name.trim());
    body.set('type', values.type);
    body.set('purpose', values.purpose);
  }
  if (values.folder.trim()) body.set('folder', values.folder.trim());
  // Text fields first: the server reads them before it streams the files.
  for (const f of values.files) body.append('file', f, f.name);
  const headers: Record<string, string> = { [LOCALE_HEADER]: currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const result = await uploadWithProgress<UploadResult>(buildUrl(`${DATASET_BASE}/upload`), body, {
      headers,
      onProgress: (p) => onProgress(p.percent),
    });
    return {
      datasetId: result.dataset_id,
      added: result.stored,
      skipped: result.duplicates.length,
      renamed: result.renamed.length,
    } satisfies UploadOutcome;
  } catch (err) {
    const e = err as { status?: number; code?: string; message?: string; field?: string };
    const apiErr = new ApiError(e.status ?? 0, e.code ?? 'UPLOAD', e.message ?? '', e.field);
    // The XHR bypasses request(): apply the same session reactions (expired token → logout).
    handleSessionAnswer(apiErr, Boolean(token));
    throw apiErr;
  }
}

export function useUploadDataset(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: UploadArgs) => uploadDataset(projectId, args),
    onSuccess: () => qc.invalidateQueries({ queryKey: datasetKeys.all }),
    meta: { silent: true },
  });
}
