// Work view rows → API responses (never rows).
import { availabilityOf, statusFromJob, type Work } from '@sightline/domain';
import type { WorkViewRow } from './processing.repository';

export function toWork(r: WorkViewRow, userId: number, now = new Date()): Work {
  const w = r.work;
  const status = statusFromJob(r.jobStatus, w.status);
  const availability = availabilityOf(w, userId, now);
  return {
    id: w.id,
    project_id: w.projectId,
    name: w.name,
    kind: w.kind,
    task: w.task,
    status,
    progress: status === 'done' ? 100 : (r.jobProgress ?? w.progress),
    message: w.message || r.jobMessage || '',
    error_code: status === 'error' ? (w.errorCode ?? 'IMAGE_COPY_FAILED') : null,
    description: w.description,
    save_dir: w.saveDir,
    sources: r.sources.map((s) => ({
      dataset_id: s.datasetId,
      dataset_name: s.datasetName,
      resolution: s.resolution ?? null,
    })),
    result_dataset_id: w.resultDatasetId,
    image_count: r.imageCount,
    job_id: w.jobId,
    availability,
    locked_by_name: availability === 'available' ? null : r.lockedByName,
    lock_expires_at: availability === 'available' ? null : (w.lockExpiresAt?.toISOString() ?? null),
    final_saved: w.finalSaved,
    final_saved_at: w.finalSavedAt?.toISOString() ?? null,
    options: w.options,
    result: w.result ?? null,
    created_by_name: r.createdByName,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
