// @sightline/jobs: the pg-boss queue behind an interface, enqueue/cancel (job row + pg-boss job in one
// transaction), progress events, the worker reaper, the job runner and every job handler (registry).
export * from './job-queue';
export * from './job.service';
export * from './job-events';
export * from './worker-reaper';
export * from './handler';
export * from './registry';
export * from './job-runner';
export { handlers } from './handlers';
export {
  exportDatasetZip,
  UNCLASSIFIED_FOLDER,
  type ExportInput,
  type ExportResult,
} from './bodies/dataset-export';
export { collectStorageGarbage, type GcResult } from './bodies/storage-gc';
export { recoverUploads, UPLOAD_STALE_MS, type RecoveryResult } from './bodies/upload-recovery';
export { cleanupExpiredDownloads } from './bodies/download-cleanup';
export * from './dataset-cache/materialize';
export { pruneCache, touchCacheEntry, type PruneReport } from './dataset-cache/prune';
export { startJobSchedules, type JobSchedule } from './schedule';
export { learningKeys } from './bodies/learning/learning-keys';
export { enqueueInTransaction } from './enqueue-in-transaction';
export * from './bodies/evaluation';
export { runProcessingWork, type ProcessingRunResult } from './bodies/processing/run';
export * from './bodies/processing-data';
export { sampleLine, sampleAllLines } from './bodies/monitoring-sample';
export { checkDrift, type DriftReport } from './bodies/monitoring-drift';
