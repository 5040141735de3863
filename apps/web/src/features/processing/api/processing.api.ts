// Calls of processing works (/api/v2/processing): list (live over SSE while open), detail, create,
// delete, edit lock, final save, copy conflicts, a work's classes; and the datasets they start from.
import { useEffect } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DatasetDetail, DatasetSummary, Work, WorkCreate } from '@sightline/domain';
import { api, type Paged } from '../../../api/client';
import { openEventStream } from '../../../api/event-stream';
import { useSession } from '../../../session/store';

export const processingKeys = {
  all: ['processing'] as const,
  list: (projectId: number, q: object) => ['processing', 'list', projectId, q] as const,
  detail: (id: number) => ['processing', 'detail', id] as const,
  classes: (id: number) => ['processing', 'classes', id] as const,
  datasets: (projectId: number) => ['processing', 'datasets', projectId] as const,
  dataset: (id: number) => ['processing', 'dataset', id] as const,
};

export interface WorkClass {
  id: number;
  name: string;
  color: string;
  is_ok: boolean;
  order: number;
}

export interface CopyConflict {
  dataset_id: number;
  dataset_name: string;
  conflicts: number;
  sample: string[];
}

const running = (w: Work) => w.status === 'waiting' || w.status === 'progressing';

export function useWorkPage(query: Record<string, string>) {
  const projectId = useSession((s) => s.currentProject?.id);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: processingKeys.list(projectId ?? 0, { ...query, lang: i18n.language }),
    queryFn: ({ signal }) =>
      api.get<Paged<Work>>('/api/v2/processing', { query: { ...query, project_id: projectId }, signal }),
    enabled: projectId != null,
    placeholderData: keepPreviousData,
    // Progress arrives over SSE (useProcessingEvents); a slow reload only backs it up while a work runs.
    refetchInterval: (q) => (q.state.data?.data.some(running) ? 30_000 : false),
  });
}

/** Puts a pushed work into every cached list page and its detail; false when no list page held it. */
export function applyWork(qc: QueryClient, work: Work): boolean {
  let found = false;
  for (const [key, page] of qc.getQueriesData<Paged<Work>>({ queryKey: ['processing', 'list'] })) {
    if (!page?.data) continue;
    const i = page.data.findIndex((w) => w.id === work.id);
    if (i < 0) continue;
    found = true;
    const data = page.data.slice();
    data[i] = work;
    qc.setQueryData(key, { ...page, data });
  }
  if (qc.getQueryData(processingKeys.detail(work.id))) qc.setQueryData(processingKeys.detail(work.id), work);
  return found;
}

/**
 * The list page's live updates (GET /api/v2/processing/events, SSE with a single-use ticket): status and
 * progress change in place; a work that is new here, finished or deleted reloads the pages once.
 */
export function useProcessingEvents() {
  const projectId = useSession((s) => s.currentProject?.id);
  const qc = useQueryClient();
  useEffect(() => {
    if (projectId == null) return;
    let reload: ReturnType<typeof setTimeout> | null = null;
    const reloadLists = () => {
      if (reload) clearTimeout(reload);
      reload = setTimeout(() => void qc.invalidateQueries({ queryKey: ['processing', 'list'] }), 300);
    };
    const close = openEventStream(
      '/api/v2/processing/events',
      { project_id: projectId },
      {
        status: (raw) => {
          const work = raw as Work;
          if (typeof work?.id !== 'number') return;
          if (!applyWork(qc, work) || !running(work)) reloadLists();
        },
        deleted: () => reloadLists(),
      },
    );
    return () => {
      if (reload) clearTimeout(reload);
      close();
    };
  }, [projectId, qc]);
}

/** Datasets of the current project usable for processing (data preprocessing), first 100. */
export function useProjectDatasets() {
  const projectId = useSession((s) => s.currentProject?.id);
  return useQuery({
    queryKey: processingKeys.datasets(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paged<DatasetSummary>>('/api/v2/datasets', {
          query: { project_id: projectId, perPage: 100, purpose: 'preprocessing' },
          signal,
        })
      ).data.filter((d) => d.type !== 'ad'),
    enabled: projectId != null,
  });
}

export function useDatasetDetail(id: number | null) {
  return useQuery({
    queryKey: processingKeys.dataset(id ?? 0),
    queryFn: ({ signal }) => api.get<DatasetDetail>(`/api/v2/datasets/${id}`, { signal }),
    enabled: !!id,
  });
}

export function useWorkClasses(id: number, enabled = true) {
  return useQuery({
    queryKey: processingKeys.classes(id),
    queryFn: ({ signal }) => api.get<WorkClass[]>(`/api/v2/processing/${id}/classes`, { signal }),
    enabled: enabled && id > 0,
  });
}

export const processingApi = {
  /** body: a WorkCreate without project_id (the current project's). */
  create: (projectId: number, body: Record<string, unknown>) =>
    api.post<Work>('/api/v2/processing', { ...body, project_id: projectId } satisfies Partial<WorkCreate>),
  remove: (id: number) => api.delete(`/api/v2/processing/${id}`),
  lock: (id: number) => api.post(`/api/v2/processing/${id}/lock`),
  unlock: (id: number) => api.delete(`/api/v2/processing/${id}/lock`),
  finalSave: (id: number) => api.post<Work>(`/api/v2/processing/${id}/final-save`),
  copyConflicts: (ids: number[]) =>
    api.get<CopyConflict[]>('/api/v2/processing/copy-conflicts', { query: { dataset_ids: ids.join(',') } }),
  setClasses: (id: number, classes: { id?: number; name: string; color: string; is_ok: boolean }[]) =>
    api.put<WorkClass[]>(`/api/v2/processing/${id}/classes`, { classes }),
  mergeClasses: (id: number, body: { class_ids: number[]; name: string }) =>
    api.post<WorkClass[]>(`/api/v2/processing/${id}/classes/merge`, body),
  removeClass: (id: number, classId: number) =>
    api.delete<WorkClass[]>(`/api/v2/processing/${id}/classes/${classId}`),
};

/** Runs a call and refreshes every processing query afterwards. */
export function useProcessingMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: processingKeys.all }),
  });
}
