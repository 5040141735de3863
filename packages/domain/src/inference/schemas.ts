// Zod schemas of performance evaluation (inference) and compare: requests, per-task metrics, result rows
// for the image grid, and the planned `evaluation.run` / `compare.run` job payloads. Routes: learning/routes.ts.
import { z } from 'zod';
import { IMAGES_PER_PAGE, INSPECTION_THRESHOLD, PAGER, WORK_NAME_MAX } from '../constants';
import { VISION_TASKS } from '../algorithms/types';
import { LearningErrorCode as C } from '../learning/codes';
import { EVALUATION_STATUSES } from '../learning/rules';
import { MODEL_NAME_PATTERN, paramValuesInputSchema, timingsSchema } from '../learning/schemas';

const id = z.coerce.number().int().positive();
export const COMPARE_MODELS = { min: 2, max: 5 } as const;

export const evaluationCreateSchema = z.object({
  /** A learning whose status is done. */
  model_id: id,
  /** A dataset of purpose 'evaluation' in the same project. */
  dataset_id: id,
  name: z.string().trim().max(WORK_NAME_MAX).regex(MODEL_NAME_PATTERN).optional(),
  /** cf: NG cut (NG when the NG classes' summed probability reaches it; none: the likeliest class);
   * ad: anomaly score cut (default: the model's threshold); od: score threshold. */
  threshold: z.number().min(INSPECTION_THRESHOLD.min).max(INSPECTION_THRESHOLD.max).optional(),
  params: paramValuesInputSchema.default({}),
});
export type EvaluationCreate = z.infer<typeof evaluationCreateSchema>;

// ---- metrics per task (names as `sightline-vision eval`) ----
const prf = { precision: z.number(), recall: z.number(), f1: z.number(), support: z.number().int() };
export const cfMetricsSchema = z.object({
  task: z.literal('cf'),
  accuracy: z.number(),
  macroF1: z.number(),
  perClass: z.array(z.object({ name: z.string(), ok: z.boolean(), ...prf })),
  /** confusion[actual][predicted], class order of the model. */
  confusion: z.array(z.array(z.number().int())),
});
export const odMetricsSchema = z.object({
  task: z.literal('od'),
  mAP50: z.number(),
  mAP50_95: z.number(),
  perClass: z.array(
    z.object({ name: z.string(), ap50: z.number(), ap50_95: z.number(), support: z.number().int() }),
  ),
});
export const sgMetricsSchema = z.object({
  task: z.literal('sg'),
  meanIoU: z.number(),
  meanDice: z.number(),
  perClass: z.array(z.object({ name: z.string(), iou: z.number(), dice: z.number() })),
});
export const adMetricsSchema = z.object({
  task: z.literal('ad'),
  imageAUROC: z.number(),
  pixelAUROC: z.number().nullable(),
  threshold: z.number(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  /** Image scores for the histogram, ROC curve and live threshold slider. */
  scores: z.object({ ok: z.array(z.number()), ng: z.array(z.number()) }),
  roc: z.array(z.object({ fpr: z.number(), tpr: z.number(), threshold: z.number() })),
});
export const evaluationMetricsSchema = z.discriminatedUnion('task', [
  cfMetricsSchema,
  odMetricsSchema,
  sgMetricsSchema,
  adMetricsSchema,
]);
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;
export type AdMetrics = z.infer<typeof adMetricsSchema>;

/** The headline metric of a task, as named by `sightline-vision eval`. */
export const HEADLINE_METRIC = { cf: 'accuracy', od: 'mAP50', sg: 'meanIoU', ad: 'imageAUROC' } as const;

const ref = z.object({ id: z.number().int(), name: z.string() });
export const evaluationListQuerySchema = z.object({
  project_id: id,
  status: z.enum(EVALUATION_STATUSES).optional(),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PAGER.perPage),
});
export const evaluationListItemSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  task: z.enum(VISION_TASKS),
  model: ref,
  dataset: ref,
  algorithm: ref.extend({ engine_key: z.string() }),
  requestor: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  status: z.enum(EVALUATION_STATUSES),
  progress: z.number().int().min(0).max(100),
  queue_position: z.number().int().nullable(),
  image_count: z.number().int(),
  threshold: z.number().nullable(),
  /** Headline numbers only (e.g. {accuracy: 0.99}). */
  metrics: z.record(z.string(), z.number()),
  timings: timingsSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type EvaluationListItem = z.infer<typeof evaluationListItemSchema>;
export const evaluationDetailSchema = evaluationListItemSchema.extend({
  params: z.record(z.string(), z.number()),
  classes: z.array(z.object({ index: z.number().int(), name: z.string(), ok: z.boolean() })),
  /** Full metrics once done; null before. */
  detail: evaluationMetricsSchema.nullable(),
  job_id: z.string().nullable(),
});
export type EvaluationDetail = z.infer<typeof evaluationDetailSchema>;

// ---- result rows (image grid, confusion-matrix cell dialog) ----
export const RESULT_FILTERS = ['all', 'correct', 'wrong'] as const;
export const resultQuerySchema = z.object({
  filter: z.enum(RESULT_FILTERS).default('all'),
  /** Class index (cf/od/sg); with predicted_class it selects one confusion-matrix cell. */
  true_class: z.coerce.number().int().min(0).optional(),
  predicted_class: z.coerce.number().int().min(0).optional(),
  /** ad: re-judge at this threshold instead of the stored one. */
  threshold: z.coerce.number().min(0).max(1).optional(),
  sort: z.enum(['file', 'score']).default('file'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(IMAGES_PER_PAGE),
});
export type ResultQuery = z.infer<typeof resultQuerySchema>;
export const boxSchema = z.object({
  class_index: z.number().int(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  score: z.number().optional(),
});
export const resultRowSchema = z.object({
  id: z.number().int(),
  image_id: z.string(),
  file_name: z.string(),
  /** Class index; ad: 0 = OK, 1 = NG. null for unlabelled images. */
  true_class: z.number().int().nullable(),
  predicted_class: z.number().int().nullable(),
  /** cf: probability of the predicted class; ad: anomaly score; od: best box score; sg: image IoU. */
  score: z.number().nullable(),
  correct: z.boolean().nullable(),
  thumb_url: z.string(),
  original_url: z.string(),
  pred_boxes: z.array(boxSchema).optional(),
  true_boxes: z.array(boxSchema).optional(),
  /** Signed URLs of overlay PNGs (sg mask, ad heatmap). */
  mask_url: z.string().nullable().optional(),
  /** sg: the ground-truth mask, coloured like the predicted one (null for older evaluations). */
  true_mask_url: z.string().nullable().optional(),
  heatmap_url: z.string().nullable().optional(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** Colours of the sg mask overlays, class index i drawn in SG_MASK_PALETTE[i % 8] (job PNGs and web legend). */
export const SG_MASK_PALETTE: readonly (readonly [number, number, number])[] = [
  [230, 57, 70],
  [42, 157, 143],
  [244, 162, 97],
  [69, 123, 157],
  [155, 93, 229],
  [255, 209, 102],
  [6, 214, 160],
  [239, 71, 111],
];

// ---- compare ----
export const compareCreateSchema = z.object({
  dataset_id: id,
  model_ids: z
    .array(z.number().int().positive())
    .min(COMPARE_MODELS.min, { error: C.CompareModelCount })
    .max(COMPARE_MODELS.max, { error: C.CompareModelCount })
    .refine((a) => new Set(a).size === a.length, { error: C.CompareModelCount }),
  name: z.string().trim().max(WORK_NAME_MAX).regex(MODEL_NAME_PATTERN).optional(),
  threshold: z.number().min(0).max(1).optional(),
});
export type CompareCreate = z.infer<typeof compareCreateSchema>;
export const compareCheckSchema = z.object({
  model_ids: z.array(z.number().int().positive()).min(1).max(COMPARE_MODELS.max),
});
export const compareCheckResultSchema = z.object({
  match: z.boolean(),
  /** The first model whose classes differ from the first model's, with the reason. */
  mismatch: z
    .object({ model_id: z.number().int(), index: z.number().int(), reason: z.enum(['count', 'name', 'ok']) })
    .nullable(),
});
export const compareListItemSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  task: z.enum(VISION_TASKS),
  dataset: ref,
  status: z.enum(EVALUATION_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** One evaluation per model, in the order asked. */
  evaluations: z.array(evaluationListItemSchema),
  timings: timingsSchema,
});
export const compareDetailSchema = compareListItemSchema.extend({
  classes: z.array(z.object({ index: z.number().int(), name: z.string(), ok: z.boolean() })),
  /** Images where at least two models disagree. */
  disagreements: z.number().int(),
});
export const disagreementRowSchema = z.object({
  image_id: z.string(),
  file_name: z.string(),
  true_class: z.number().int().nullable(),
  thumb_url: z.string(),
  /** Per model, same order as evaluations. */
  predictions: z.array(
    z.object({
      evaluation_id: z.number().int(),
      predicted_class: z.number().int().nullable(),
      score: z.number().nullable(),
      correct: z.boolean().nullable(),
    }),
  ),
});

/** Job payloads (members of the union in jobs.ts; handlers in packages/jobs/src/handlers). */
export const evaluationRunJob = z.object({
  kind: z.literal('evaluation.run'),
  payload: z.object({ evaluationId: z.number().int().positive() }),
});
export const compareRunJob = z.object({
  kind: z.literal('compare.run'),
  payload: z.object({ compareId: z.number().int().positive() }),
});
