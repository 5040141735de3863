// Usage history, statistics and resource monitoring (SPEC §2 /use-history, /my/statistics,
// /admin/statistics, /resource-monitoring; §3 Resource monitoring item). Every figure is computed from
// recorded rows: jobs (kind, status, timestamps, requestor) and processing works.
import { z } from 'zod';

/** Processing types counted on /use-history (SPEC §2) plus the other processing kinds. */
export const USAGE_PROCESSING_TYPES = [
  'new',
  'merge',
  'ai_supervised',
  'ai_unsupervised',
  'augmentation',
  'external',
  'copy',
  'class_merge',
  'class_remove',
] as const;
export type UsageProcessingType = (typeof USAGE_PROCESSING_TYPES)[number];

/** Job groups by kind: learning.*, evaluation.run, compare.run, processing.* / labeling.*. */
export const USAGE_JOB_GROUPS = ['learning', 'inference', 'compare', 'labeling'] as const;
export type UsageJobGroup = (typeof USAGE_JOB_GROUPS)[number];

/** Whose rows: the caller's own ('mine', /my/statistics) or every row the caller may see ('all'). */
export const usageFilterSchema = z.object({
  scope: z.enum(['mine', 'all']).default('all'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  project_id: z.coerce.number().int().positive().optional(),
});
export type UsageFilter = z.infer<typeof usageFilterSchema>;

export const usageGroupStatsSchema = z.object({
  group: z.enum(USAGE_JOB_GROUPS),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  active: z.number().int(),
  run_seconds: z.number(),
  avg_wait_seconds: z.number(),
});
export type UsageGroupStats = z.infer<typeof usageGroupStatsSchema>;

export const usageSummarySchema = z.object({
  processing: z.record(z.enum(USAGE_PROCESSING_TYPES), z.number().int()),
  jobs: z.array(usageGroupStatsSchema),
  total_jobs: z.number().int(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

export const usageTrendQuerySchema = usageFilterSchema.extend({
  months: z.coerce.number().int().min(1).max(36).default(12),
});
export const usageTrendMonthSchema = z.object({
  month: z.string(),
  learning: z.number().int(),
  inference: z.number().int(),
  compare: z.number().int(),
  labeling: z.number().int(),
  processing: z.number().int(),
  run_hours: z.number(),
  avg_wait_minutes: z.number(),
});
export type UsageTrendMonth = z.infer<typeof usageTrendMonthSchema>;

/** One job as resource monitoring and the statistics lists show it (SPEC §3 Resource monitoring item). */
export const usageJobSchema = z.object({
  job_id: z.string(),
  kind: z.string(),
  group: z.enum(USAGE_JOB_GROUPS),
  status: z.string(),
  progress: z.number().int(),
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Seconds between the request and the start (until now while waiting). */
  waiting_seconds: z.number(),
  /** Seconds since the start (until the finish once done); null while waiting. */
  progress_seconds: z.number().nullable(),
  requestor: z.string().nullable(),
  work_name: z.string(),
  algorithm: z.string().nullable(),
  work_type: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
});
export type UsageJob = z.infer<typeof usageJobSchema>;

export const usageJobListQuerySchema = usageFilterSchema.extend({
  group: z.enum([...USAGE_JOB_GROUPS, 'any']).default('any'),
  /** active: running and waiting jobs (resource monitoring); finished; any. */
  state: z.enum(['active', 'finished', 'any']).default('any'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(1000).default(10),
});
export type UsageJobListQuery = z.infer<typeof usageJobListQuerySchema>;
