// Zod schemas of the learning (training) API: create/relearn request, list item, detail, progress
// events and the planned `learning.train` job payload. Routes: learning/routes.ts.
import { z } from 'zod';
import { PAGER, TARGET_REGION_MAX, WORK_NAME_MAX } from '../constants';
import { VISION_TASKS, type AlgorithmParam } from '../algorithms/types';
import { paramValuesSchema } from '../algorithms/validate';
import { LearningErrorCode as C } from './codes';
import { LEARNING_STATUSES } from './rules';

const id = z.coerce.number().int().positive();

/** Model name: required, letters, digits, '-' and '_' only (SPEC §5 names), at most 30 characters. */
export const MODEL_NAME_PATTERN = /^[0-9A-Za-z_-]+$/;
export const modelNameSchema = z
  .string({ error: C.ModelNameRequired })
  .trim()
  .min(1, { error: C.ModelNameRequired })
  .max(WORK_NAME_MAX, { error: C.ModelNameInvalid })
  .regex(MODEL_NAME_PATTERN, { error: C.ModelNameInvalid });

export const regionSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().positive(),
  h: z.number().int().positive(),
});

/** Train parameter values as sent: key → number (checked against the algorithm row by trainParamsSchema). */
export const paramValuesInputSchema = z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), z.number());

export const learningCreateSchema = z.object({
  dataset_id: id,
  name: modelNameSchema,
  /** Admin algorithm row id (GET /api/algorithms?projectId=); the task's default is preselected by the web. */
  algorithm_id: z.number({ error: C.AlgorithmRequired }).int().positive(),
  params: paramValuesInputSchema.default({}),
  /** cf: names of the classes judged OK (default: defaultOkClasses(dataset class names)). */
  ok_classes: z.array(z.string().min(1)).max(34).optional(),
  regions: z.array(regionSchema).max(TARGET_REGION_MAX, { error: C.TargetRegionLimit }).default([]),
  /** Share of the images held back for validation; overrides the algorithm's valSplit param when given. */
  validation_split: z.number().min(0.05).max(0.5).optional(),
  /** Relearning: continue this learning's model (same classes); its history is kept. */
  base_learning_id: z.number().int().positive().optional(),
});
export type LearningCreate = z.infer<typeof learningCreateSchema>;

/** The request's params checked against the admin-edited algorithm row (unknown key or out of range → 400). */
export const trainParamsSchema = (rowParams: readonly AlgorithmParam[]) => paramValuesSchema(rowParams);

export const modelNameCheckQuerySchema = z.object({ project_id: id, name: z.string().max(200) });
export const modelNameCheckSchema = z.object({ available: z.boolean(), code: z.string().nullable() });

export const learningListQuerySchema = z.object({
  project_id: id,
  status: z.enum(LEARNING_STATUSES).optional(),
  task: z.enum(VISION_TASKS).optional(),
  search: z.string().max(100).optional(),
  /** Only learnings whose model can be used (status done): the model select dialog. */
  done_only: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PAGER.perPage),
});
export type LearningListQuery = z.infer<typeof learningListQuerySchema>;

export const LEARNING_PHASES = ['preparing', 'decoding', 'training', 'validating', 'saving'] as const;
export type LearningPhase = (typeof LEARNING_PHASES)[number];

const ref = z.object({ id: z.number().int(), name: z.string() });
const userRef = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
/** Headline numbers, the names of `sightline-vision eval` (cf accuracy, od mAP50, sg meanIoU, ad imageAUROC). */
export const metricMapSchema = z.record(z.string(), z.number());

/** Timings recorded per job (resource monitoring and usage pages read them). Seconds are whole. */
export const timingsSchema = z.object({
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  waiting_seconds: z.number().int().nullable(),
  progress_seconds: z.number().int().nullable(),
});

export const learningListItemSchema = z.object({
  id: z.number().int(),
  project: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  name: z.string(),
  task: z.enum(VISION_TASKS),
  status: z.enum(LEARNING_STATUSES),
  /** Whole percent 0–100. */
  progress: z.number().int().min(0).max(100),
  phase: z.enum(LEARNING_PHASES).nullable(),
  epoch: z.number().int().nullable(),
  epochs: z.number().int().nullable(),
  /** 1-based position among waiting trainings; null unless waiting. */
  queue_position: z.number().int().nullable(),
  /** True once a worker resumed it from an epoch checkpoint (after a lost worker). */
  resumed: z.boolean(),
  algorithm: ref.extend({ engine_key: z.string() }),
  dataset: ref,
  requestor: userRef,
  base_learning_id: z.number().int().nullable(),
  metrics: metricMapSchema,
  timings: timingsSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type LearningListItem = z.infer<typeof learningListItemSchema>;

export const epochPointSchema = z.object({
  run: z.number().int(),
  epoch: z.number().int(),
  train_loss: z.number().nullable(),
  val_loss: z.number().nullable(),
  metrics: metricMapSchema,
  seconds: z.number(),
});

export const learningDetailSchema = learningListItemSchema.extend({
  params: z.record(z.string(), z.number()),
  classes: z.array(z.object({ index: z.number().int(), name: z.string(), ok: z.boolean() })),
  regions: z.array(regionSchema),
  validation_split: z.number(),
  /** Loss and metric curves, one point per finished epoch (relearning: earlier runs first). */
  history: z.array(epochPointSchema),
  /** Final validation metrics of the manifest (per-class detail included). */
  validation: z.record(z.string(), z.unknown()).nullable(),
  /** The engine's warnings (e.g. small classes, early stop). */
  warnings: z.array(z.string()),
  /** Model files ready to download (ONNX + manifest; model.pt = the full package). */
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
  /** Job id for GET /api/jobs/{id}; null once purged. */
  job_id: z.string().nullable(),
  /** Values the engine picked for params sent as 0 = auto (empty until training starts). */
  auto: z.record(z.string(), z.number()).optional(),
});
export type LearningDetail = z.infer<typeof learningDetailSchema>;

/** One SSE `event: progress` (GET /api/v2/learnings/{id}/events); `event: status` carries a list item. */
export const learningProgressEventSchema = z.object({
  learning_id: z.number().int(),
  status: z.enum(LEARNING_STATUSES),
  phase: z.enum(LEARNING_PHASES),
  progress: z.number().int().min(0).max(100),
  epoch: z.number().int().nullable(),
  epochs: z.number().int().nullable(),
  step: z.number().int().nullable(),
  steps: z.number().int().nullable(),
  loss: z.number().nullable(),
  /** Headline validation metric after an epoch (name in `metric_name`). */
  metric: z.number().nullable(),
  metric_name: z.string().nullable(),
  images_per_second: z.number().nullable(),
  eta_seconds: z.number().nullable(),
  /** decoding: images decoded so far / total. */
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** Values the engine picked for params left at 0 = auto (input size, epochs), once training started. */
  auto: z.record(z.string(), z.number()).optional(),
  at: z.string(),
});
export type LearningProgressEvent = z.infer<typeof learningProgressEventSchema>;

export const LEARNING_FILES = ['manifest.json', 'model.onnx', 'model.pt', 'parity.json'] as const;
export const learningFileParamsSchema = z.object({ id, file: z.enum(LEARNING_FILES) });

/** Planned job (NOT yet in jobs.ts: the worker fails at startup for a kind without a handler). */
export const learningTrainJob = z.object({
  kind: z.literal('learning.train'),
  payload: z.object({ learningId: z.number().int().positive() }),
});
export type LearningTrainJob = z.infer<typeof learningTrainJob>;
