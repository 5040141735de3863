// react-query keys of the learning area; invalidating `all` refreshes every learning view.
export const learningKeys = {
  all: ['learning'] as const,
  lists: () => ['learning', 'list'] as const,
  list: (projectId: number, q: Record<string, string>) => ['learning', 'list', projectId, q] as const,
  detail: (id: number) => ['learning', 'detail', id] as const,
  algorithms: (projectId: number, task: string) => ['learning', 'algorithms', projectId, task] as const,
  datasets: (projectId: number) => ['learning', 'datasets', projectId] as const,
  dataset: (id: number) => ['learning', 'dataset', id] as const,
  datasetImage: (id: number) => ['learning', 'dataset-image', id] as const,
  doneModels: (projectId: number) => ['learning', 'done-models', projectId] as const,
};
