// Folder rename, class add/edit/merge/remove, image deletion and the download request
// (apps/server/src/features/DATASET_API.md). Every success refreshes the dataset views.
import type { ExportFormat } from '@sightline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../api/client';
import { datasetKeys } from './dataset-keys';
import { DATASET_BASE } from './datasets.api';

function useDatasetMutation<V, R = unknown>(
  fn: (v: V) => Promise<R>,
  extraKeys: readonly (readonly unknown[])[] = [],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The dialogs show these errors themselves (on the field, or through the general handler).
    meta: { silent: true },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: datasetKeys.all });
      for (const k of extraKeys) await qc.invalidateQueries({ queryKey: k });
    },
  });
}

export const useRenameFolder = (datasetId: number) =>
  useDatasetMutation(({ folderId, name }: { folderId: number; name: string }) =>
    api.patch(`${DATASET_BASE}/${datasetId}/folders/${folderId}`, { name }),
  );

export interface ClassInput {
  name: string;
  color: string;
  is_ok: boolean;
}

export const useCreateClass = (datasetId: number) =>
  useDatasetMutation((input: ClassInput) => api.post(`${DATASET_BASE}/${datasetId}/classes`, input));

export const useUpdateClass = (datasetId: number) =>
  useDatasetMutation(({ id, ...patch }: Partial<ClassInput> & { id: number; order?: number }) =>
    api.patch(`${DATASET_BASE}/${datasetId}/classes/${id}`, patch),
  );

/** The class edit dialog: the whole list in order; rows without id are new, missing classes are removed. */
export const useReplaceClasses = (datasetId: number) =>
  useDatasetMutation((classes: (ClassInput & { id?: number })[]) =>
    api.put(`${DATASET_BASE}/${datasetId}/classes`, { classes }),
  );

export const useMergeClasses = (datasetId: number) =>
  useDatasetMutation((input: { class_ids: number[]; name: string; color?: string; is_ok?: boolean }) =>
    api.post(`${DATASET_BASE}/${datasetId}/classes/merge`, input),
  );

export const useRemoveClass = (datasetId: number) =>
  useDatasetMutation((classId: number) => api.delete(`${DATASET_BASE}/${datasetId}/classes/${classId}`));

export const useDeleteImages = (datasetId: number) =>
  useDatasetMutation((imageIds: string[]) =>
    request<{ deleted: number }>(`${DATASET_BASE}/${datasetId}/images`, {
      method: 'DELETE',
      body: { image_ids: imageIds },
    }),
  );

export const useRequestDownload = () =>
  useDatasetMutation(
    (input: { project_id: number; dataset_id: number; folder_ids?: number[]; format?: ExportFormat }) =>
      api.post<{ job_id: string }>('/api/v2/download/request', input),
    [['download-requests']],
  );
