// Reads and writes of the annotation workspaces: the processing work, its result dataset's classes and
// images (GET /api/v2/datasets/:id/images with the all/edited/unconfirmed filter) and one image's
// annotation document (GET/PUT /api/v2/datasets/:id/images/:imageId/annotation, with its rev).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  migrateAnnotationDocument,
  type AnnotationDocument,
  type AnnotationView,
  type DatasetDetail,
  type DatasetImage,
  type ImageFilter,
} from '@sightline/domain';
import { api, type Paged } from '../../../api/client';

/** The fields of a processing work the workspace uses. */
export interface WorkspaceWork {
  id: number;
  name: string;
  task: 'cf' | 'od' | 'sg';
  status: string;
  result_dataset_id: number | null;
  availability: 'in_use_other' | 'in_use_me' | 'available';
  locked_by_name: string | null;
  final_saved: boolean;
}

export const annotationKeys = {
  work: (id: number) => ['annotation', 'work', id] as const,
  dataset: (id: number) => ['annotation', 'dataset', id] as const,
  images: (id: number, filter: ImageFilter, page: number, perPage: number) =>
    ['annotation', 'images', id, filter, page, perPage] as const,
  document: (datasetId: number, imageId: string) => ['annotation', 'document', datasetId, imageId] as const,
};

export function useWork(id: number) {
  return useQuery({
    queryKey: annotationKeys.work(id),
    queryFn: () => api.get<WorkspaceWork>(`/api/v2/processing/${id}`),
    enabled: Number.isFinite(id) && id > 0,
  });
}

export function useWorkspaceDataset(id: number | null | undefined) {
  return useQuery({
    queryKey: annotationKeys.dataset(id ?? 0),
    queryFn: () => api.get<DatasetDetail>(`/api/v2/datasets/${id}`),
    enabled: id != null,
  });
}

export function useWorkspaceImages(
  id: number | null | undefined,
  filter: ImageFilter,
  page: number,
  perPage: number,
) {
  return useQuery({
    queryKey: annotationKeys.images(id ?? 0, filter, page, perPage),
    queryFn: () =>
      api.get<Paged<DatasetImage>>(`/api/v2/datasets/${id}/images`, { query: { filter, page, perPage } }),
    enabled: id != null,
    placeholderData: keepPreviousData,
  });
}

export interface LoadedDocument {
  view: AnnotationView;
  document: AnnotationDocument;
}

export async function fetchDocument(datasetId: number, imageId: string): Promise<LoadedDocument> {
  const view = await api.get<AnnotationView>(`/api/v2/datasets/${datasetId}/images/${imageId}/annotation`);
  return { view, document: migrateAnnotationDocument(view.document) };
}

export function useDocument(datasetId: number | null | undefined, imageId: string | null) {
  return useQuery({
    queryKey: annotationKeys.document(datasetId ?? 0, imageId ?? ''),
    queryFn: () => fetchDocument(datasetId!, imageId!),
    enabled: datasetId != null && imageId != null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function putDocument(
  datasetId: number,
  imageId: string,
  body: { rev: number; document: AnnotationDocument; confirmed?: boolean },
): Promise<AnnotationView> {
  return api.put<AnnotationView>(`/api/v2/datasets/${datasetId}/images/${imageId}/annotation`, body);
}
