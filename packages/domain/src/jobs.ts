// Every background job: one zod discriminated union of names and payloads (STYLE.md §4).
// Add a job: one member here, one handler in packages/jobs/src/handlers (worker startup fails otherwise).
import { z } from 'zod';
import { compareRunJob, evaluationRunJob } from './inference/schemas';
import { learningTrainJob } from './learning/schemas';
import { EXPORT_FORMATS } from './labels/rules';
import { segmentRefineJob } from './annotation/segment-refine';

export const systemSleepJob = z.object({
  kind: z.literal('system.sleep'),
  payload: z.object({
    ms: z.number().int().min(0).max(600_000),
    steps: z.number().int().min(1).max(1000).default(10),
    /** Test aid: make the handler throw after sleeping. */
    fail: z.boolean().optional(),
  }),
});

/** Builds a zip of a dataset (or a result dataset) for a download request; the job id names the file. */
export const datasetExportJob = z.object({
  kind: z.literal('dataset.export'),
  payload: z.object({
    datasetId: z.number().int().positive(),
    /** Only these folders; all when absent. */
    folderIds: z.array(z.number().int().positive()).optional(),
    /** With labels in this format (od: yolo, voc, coco; sg: masks); the plain layout when absent. */
    format: z.enum(EXPORT_FORMATS).optional(),
  }),
});

/** Deletes download files and rows past their expiry date (enqueued on a timer by the server). */
export const downloadCleanupJob = z.object({
  kind: z.literal('download.cleanup'),
  payload: z.object({}),
});

/** Deletes storage objects that no row refers to any more (enqueued daily by the server). */
export const storageGcJob = z.object({
  kind: z.literal('storage.gc'),
  payload: z.object({}),
});

/** Zips an evaluation's predictions (CSV + JSON) and overlay images for a Result-tab download request. */
export const evaluationExportJob = z.object({
  kind: z.literal('evaluation.export'),
  payload: z.object({ evaluationId: z.number().int().positive() }),
});

/** Runs one augmentation or AI labeling work (supervised, unsupervised) into its result dataset. */
export const processingDataJob = z.object({
  kind: z.literal('processing.data'),
  payload: z.object({ workId: z.number().int().positive() }),
});

/** Runs one processing work (new labeling, merge, copy, class merge, class remove) into its result dataset. */
export const processingRunJob = z.object({
  kind: z.literal('processing.run'),
  payload: z.object({ workId: z.number().int().positive() }),
});

/** Samples inspections of every line for verification (SPEC §9: at 00:00; enqueued by the server). */
export const monitoringSampleJob = z.object({
  kind: z.literal('monitoring.sample'),
  payload: z.object({ at: z.string().optional() }),
});

export const jobSchema = z.discriminatedUnion('kind', [
  systemSleepJob,
  datasetExportJob,
  downloadCleanupJob,
  storageGcJob,
  evaluationRunJob,
  compareRunJob,
  evaluationExportJob,
  learningTrainJob,
  processingRunJob,
  processingDataJob,
  monitoringSampleJob,
  segmentRefineJob,
]);
export type JobItem = z.infer<typeof jobSchema>;
export type JobKind = JobItem['kind'];
export type JobPayload<K extends JobKind> = Extract<JobItem, { kind: K }>['payload'];
export const JOB_KINDS = jobSchema.options.map((o) => o.shape.kind.value) as JobKind[];

export const JOB_STATUS = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatusValue = (typeof JOB_STATUS)[number];
export const isFinishedJobStatus = (s: JobStatusValue) =>
  s === 'succeeded' || s === 'failed' || s === 'cancelled';

/** Progress is a whole percent in 0–100, whatever a handler reports (STYLE.md §4). */
export function clampProgress(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.min(100, Math.max(0, Math.round(p)));
}

export const jobViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUS),
  progress: z.number().int(),
  message: z.string(),
  result: z.unknown().nullable(),
  project_id: z.number().int().nullable(),
  attempts: z.number().int(),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;
