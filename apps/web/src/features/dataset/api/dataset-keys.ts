// react-query keys of the dataset area; invalidating `all` refreshes every dataset view.
import type { ImageFilter } from '@sightline/domain';

export const datasetKeys = {
  all: ['datasets'] as const,
  list: (projectId: number, search: string, page: number) =>
    ['datasets', 'list', projectId, search, page] as const,
  options: (projectId: number) => ['datasets', 'options', projectId] as const,
  detail: (id: number) => ['datasets', 'detail', id] as const,
  images: (
    id: number,
    q: { filter: ImageFilter; folderId?: number; classId?: number | 'none'; page: number },
  ) => ['datasets', 'images', id, q] as const,
  quota: (projectId: number) => ['datasets', 'quota', projectId] as const,
};
