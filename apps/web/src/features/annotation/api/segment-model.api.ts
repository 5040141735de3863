// A project's click-segmentation pair (issue 16): its state (GET /api/v2/projects/:id/segment-model,
// polled while a refinement runs), refining it on the project's sg masks (POST …/refine, a
// segment.refine job; cancelled through POST /api/jobs/:id/cancel) and going back to the default pair (DELETE).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectSegmentModel } from '@sightline/domain';
import { api } from '../../../api/client';

export const segmentModelKey = (projectId: number) => ['segment', 'project-model', projectId] as const;

const running = (m: ProjectSegmentModel | undefined) =>
  m?.job?.status === 'queued' || m?.job?.status === 'running';

export function useProjectSegmentModel(projectId: number, pollMs = 1500) {
  return useQuery({
    queryKey: segmentModelKey(projectId),
    queryFn: () => api.get<ProjectSegmentModel>(`/api/v2/projects/${projectId}/segment-model`),
    refetchInterval: (q) => (running(q.state.data) ? pollMs : false),
  });
}

export function useSegmentModelActions(projectId: number) {
  const qc = useQueryClient();
  const onSuccess = (data: ProjectSegmentModel) => qc.setQueryData(segmentModelKey(projectId), data);
  const refine = useMutation({
    mutationFn: () => api.post<ProjectSegmentModel>(`/api/v2/projects/${projectId}/segment-model/refine`),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (jobId: string) => api.post(`/api/jobs/${jobId}/cancel`),
    onSuccess: () => qc.invalidateQueries({ queryKey: segmentModelKey(projectId) }),
  });
  const revert = useMutation({
    mutationFn: () => api.delete<ProjectSegmentModel>(`/api/v2/projects/${projectId}/segment-model`),
    onSuccess,
  });
  return { refine, revert, cancel };
}

export const isRefining = running;
