// Processing works (SPEC §1, §3, §4): kinds, statuses and availability.
/** Every kind of processing work; augmentation, AI labeling and external upload run in H-proc-data's jobs. */
export const PROCESSING_KINDS = [
  'new',
  'merge',
  'copy',
  'class_merge',
  'class_remove',
  'augmentation',
  'ai_supervised',
  'ai_unsupervised',
  'external',
] as const;
export type ProcessingKind = (typeof PROCESSING_KINDS)[number];

/** AI labeling works: their results are proposals to review, and they can be run again (SPEC §2 rerun). */
export const AI_LABELING_KINDS: ReadonlySet<string> = new Set<ProcessingKind>([
  'ai_supervised',
  'ai_unsupervised',
]);

/** The work types of a labeling (the dataset type of its result). */
export const PROCESSING_TASKS = ['cf', 'od', 'sg'] as const;
export type ProcessingTask = (typeof PROCESSING_TASKS)[number];

/** waiting (being created), progressing (saving), done, error (SPEC §4). */
export const PROCESSING_STATUSES = ['waiting', 'progressing', 'done', 'error'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** in use by someone, in use by me, available (SPEC §4). */
export const AVAILABILITIES = ['in_use_other', 'in_use_me', 'available'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Copy labeling: what happens to an image already in the result (same file name). */
export const COPY_RESOLUTIONS = ['overwrite', 'skip'] as const;
export type CopyResolution = (typeof COPY_RESOLUTIONS)[number];

/** How long an edit lock lives without a renewal (the workspace renews it while open). */
export const EDIT_LOCK_TTL_MS = 10 * 60_000;

/** The work's status from its job's (a work without a job keeps its own). */
export function statusFromJob(jobStatus: string | null | undefined, own: ProcessingStatus): ProcessingStatus {
  switch (jobStatus) {
    case 'queued':
      return 'waiting';
    case 'running':
      return 'progressing';
    case 'succeeded':
      return 'done';
    case 'failed':
    case 'cancelled':
      return 'error';
    default:
      return own;
  }
}

/** Availability of a work for `userId` given its lock holder and expiry. */
export function availabilityOf(
  lock: { lockedBy: number | null; lockExpiresAt: Date | string | null },
  userId: number,
  now: Date = new Date(),
): Availability {
  if (lock.lockedBy === null || !lock.lockExpiresAt) return 'available';
  if (new Date(lock.lockExpiresAt).getTime() <= now.getTime()) return 'available';
  return lock.lockedBy === userId ? 'in_use_me' : 'in_use_other';
}
