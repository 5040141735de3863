// Zod schemas of the processing-work API (apps/server/src/features/processing/README.md).
import { z } from 'zod';
import { WORK_NAME_MAX } from '../constants';
import { DATASET_NAME_PATTERN, NAME_MAX } from '../dataset/names';
import { ProcessingErrorCode as C } from './codes';
import {
  AVAILABILITIES,
  COPY_RESOLUTIONS,
  PROCESSING_KINDS,
  PROCESSING_STATUSES,
  PROCESSING_TASKS,
} from './types';

const id = z.number().int().positive();
const qid = z.coerce.number().int().positive();

export const workNameSchema = z
  .string({ error: C.WorkNameRequired })
  .trim()
  .min(1, { error: C.WorkNameRequired })
  .superRefine((v, ctx) => {
    if (v.length > WORK_NAME_MAX)
      ctx.addIssue({ code: 'custom', message: C.WorkNameTooLong, params: { max: WORK_NAME_MAX } });
  });
export const saveDirSchema = z
  .string({ error: C.SaveDirRequired })
  .trim()
  .min(1, { error: C.SaveDirRequired })
  .max(NAME_MAX, { error: C.SaveDirInvalid })
  .regex(DATASET_NAME_PATTERN, { error: C.SaveDirInvalid });

const common = {
  project_id: id,
  name: workNameSchema,
  save_dir: saveDirSchema,
  description: z.string().max(1000).default(''),
};
const resolution = z.enum(COPY_RESOLUTIONS);

export const workCreateSchema = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('new'),
    dataset_id: id,
    /** Only these folders of the dataset; all when absent. */
    folder_ids: z.array(id).max(1000).optional(),
    /** The labeling type; the dataset's type when absent. */
    task: z.enum(PROCESSING_TASKS).optional(),
  }),
  z.object({ ...common, kind: z.literal('merge'), dataset_ids: z.array(id).max(100) }),
  z.object({
    ...common,
    kind: z.literal('copy'),
    /** The datasets copied in order (a labeling's result dataset to go on after its final save). */
    dataset_ids: z.array(id).min(1, { error: C.DatasetRequired }).max(100),
    /** Per dataset id: what to do with images whose file name an earlier dataset already brought. */
    conflicts: z.record(z.string(), resolution).default({}),
    /** All overwrite / all skip. */
    all: resolution.optional(),
  }),
  z.object({
    ...common,
    kind: z.literal('class_merge'),
    dataset_id: id,
    class_ids: z.array(id).max(34),
    result_name: z.string().max(NAME_MAX),
    is_ok: z.boolean().optional(),
  }),
  z.object({ ...common, kind: z.literal('class_remove'), dataset_id: id, class_ids: z.array(id).max(34) }),
]);
export type WorkCreate = z.infer<typeof workCreateSchema>;

export const copyConflictsQuerySchema = z.object({
  dataset_ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean).map(Number))
    .pipe(z.array(z.number().int().positive()).min(1).max(100)),
});
export const copyConflictSchema = z.object({
  dataset_id: z.number(),
  dataset_name: z.string(),
  /** Images of this dataset whose file name an earlier dataset of the list already has. */
  conflicts: z.number(),
  sample: z.array(z.string()),
});

export const workListQuerySchema = z.object({
  project_id: qid,
  kind: z.enum(PROCESSING_KINDS).optional(),
  status: z.enum(PROCESSING_STATUSES).optional(),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type WorkListQuery = z.infer<typeof workListQuerySchema>;

export const workSourceSchema = z.object({
  dataset_id: z.number().nullable(),
  dataset_name: z.string(),
  resolution: resolution.nullable(),
});

export const workSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  kind: z.enum(PROCESSING_KINDS),
  task: z.enum(PROCESSING_TASKS),
  status: z.enum(PROCESSING_STATUSES),
  progress: z.number(),
  message: z.string(),
  error_code: z.string().nullable(),
  description: z.string(),
  save_dir: z.string(),
  sources: z.array(workSourceSchema),
  result_dataset_id: z.number().nullable(),
  image_count: z.number(),
  job_id: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  locked_by_name: z.string().nullable(),
  lock_expires_at: z.string().nullable(),
  final_saved: z.boolean(),
  final_saved_at: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Work = z.infer<typeof workSchema>;

export const workLockSchema = z.object({
  availability: z.enum(AVAILABILITIES),
  lock_expires_at: z.string().nullable(),
});

export const nameCheckQuerySchema = z.object({
  project_id: qid,
  name: z.string().max(200).optional(),
  save_dir: z.string().max(200).optional(),
});
