// Zod schemas of the dataset, upload, class, image and download-request API (apps/server/src/features/DATASET_API.md).
import { z } from 'zod';
import { CLASS_MAX, DOWNLOAD_LIST, IMAGE_GRID_COLUMNS, IMAGES_PER_PAGE } from '../constants';
import { COLOR_PATTERN } from './classes';
import { DATASET_PURPOSES, DATASET_TYPES, DOWNLOAD_STATUSES, IMAGE_FILTERS } from './types';
import { EXPORT_FORMATS } from '../labels/rules';

const id = z.coerce.number().int().positive();
const page = z.coerce.number().int().min(1).default(1);

export const datasetListQuerySchema = z.object({
  project_id: id,
  purpose: z.enum(DATASET_PURPOSES).optional(),
  search: z.string().max(100).optional(),
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type DatasetListQuery = z.infer<typeof datasetListQuerySchema>;

export const datasetSummarySchema = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  type: z.enum(DATASET_TYPES),
  purpose: z.enum(DATASET_PURPOSES),
  image_count: z.number(),
  folder_count: z.number(),
  class_count: z.number(),
  /** True while a performance evaluation uses the dataset: images cannot be deleted. */
  locked: z.boolean(),
  created_at: z.string(),
  /** Latest modified date: the newest change to the dataset, its folders, classes or images. */
  updated_at: z.string(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export const folderSchema = z.object({ id: z.number(), name: z.string(), image_count: z.number() });
export type DatasetFolder = z.infer<typeof folderSchema>;

export const classSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  is_ok: z.boolean(),
  order: z.number(),
  image_count: z.number(),
});
export type DatasetClass = z.infer<typeof classSchema>;

export const datasetDetailSchema = datasetSummarySchema.extend({
  folders: z.array(folderSchema),
  classes: z.array(classSchema),
  /** Images of a cf dataset without a class (removed classes send their files here). */
  unclassified_count: z.number(),
  /** Codes of the class rules the current class set breaks (empty when valid). */
  class_problems: z.array(z.string()),
});
export type DatasetDetail = z.infer<typeof datasetDetailSchema>;

export const datasetPatchSchema = z.object({
  name: z.string().optional(),
  purpose: z.enum(DATASET_PURPOSES).optional(),
});

export const folderRenameSchema = z.object({ name: z.string() });

/** Multipart text fields of POST /api/v2/datasets/upload (files come as `file` parts). */
export const uploadFieldsSchema = z.object({
  project_id: id,
  /** Upload into an existing dataset… */
  dataset_id: id.optional(),
  /** …or create one: name and type are then required. */
  name: z.string().optional(),
  type: z.enum(DATASET_TYPES).optional(),
  purpose: z.enum(DATASET_PURPOSES).default('preprocessing'),
  /** Folder for loose files and zip-root files; defaults to the zip name, else 'default'. */
  folder: z.string().optional(),
  /** Client-chosen id to poll GET /api/v2/datasets/upload/{upload_id}/progress. */
  upload_id: z.string().uuid().optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

export const uploadResultSchema = z.object({
  dataset_id: z.number(),
  created: z.boolean(),
  stored: z.number(),
  duplicates: z.array(z.object({ file_name: z.string(), duplicate_of: z.string() })),
  renamed: z.array(z.object({ original: z.string(), file_name: z.string() })),
  folders: z.array(z.string()),
  classes: z.array(z.string()),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const UPLOAD_PHASES = ['receiving', 'checking', 'storing', 'saving', 'done', 'failed'] as const;
export const uploadProgressSchema = z.object({
  phase: z.enum(UPLOAD_PHASES),
  processed: z.number(),
  total: z.number(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

export const uploadQuotaSchema = z.object({
  /** Images this project may still upload; null when the project has no limit. */
  remaining: z.number().nullable(),
  limit: z.number().nullable(),
  used: z.number(),
  /** Per-upload cap for trial accounts (3000), null for others. */
  per_upload: z.number().nullable(),
  trial: z.boolean(),
});
export type UploadQuota = z.infer<typeof uploadQuotaSchema>;

export const imageListQuerySchema = z.object({
  folder_id: id.optional(),
  /** A class id, or 'none' for unclassified images. */
  class_id: z.union([id, z.literal('none')]).optional(),
  filter: z.enum(IMAGE_FILTERS).default('all'),
  page,
  perPage: z.coerce.number().int().min(1).max(200).default(IMAGES_PER_PAGE),
});
export type ImageListQuery = z.infer<typeof imageListQuerySchema>;

export const imageSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  folder_id: z.number(),
  class_id: z.number().nullable(),
  width: z.number(),
  height: z.number(),
  channels: z.number(),
  format: z.string(),
  size: z.number(),
  hash: z.string(),
  edited: z.boolean(),
  confirmed: z.boolean(),
  augmented: z.boolean(),
  prediction: z.unknown().nullable(),
  verification: z.unknown().nullable(),
  class_score: z.number().nullable(),
  thumb_url: z.string(),
  original_url: z.string(),
  created_at: z.string(),
});
export type DatasetImage = z.infer<typeof imageSchema>;

export const deleteImagesSchema = z.object({ image_ids: z.array(z.string().uuid()).max(10_000) });

export const classCreateSchema = z.object({
  name: z.string(),
  color: z.string().regex(COLOR_PATTERN).optional(),
  is_ok: z.boolean().default(false),
});
export const classPatchSchema = z.object({
  name: z.string().optional(),
  color: z.string().regex(COLOR_PATTERN).optional(),
  is_ok: z.boolean().optional(),
  order: z.number().int().min(0).optional(),
});
/** The class edit dialog saves the whole list at once; rows without id are new classes. */
export const classSetSchema = z.object({
  classes: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string(),
        color: z.string().regex(COLOR_PATTERN),
        is_ok: z.boolean(),
      }),
    )
    .max(CLASS_MAX + 1),
});
export const classMergeSchema = z.object({
  class_ids: z.array(z.number().int().positive()),
  name: z.string(),
  color: z.string().regex(COLOR_PATTERN).optional(),
  is_ok: z.boolean().optional(),
});

export const gridColumnsSchema = z.number().int().min(IMAGE_GRID_COLUMNS.min).max(IMAGE_GRID_COLUMNS.max);

export const downloadListQuerySchema = z.object({
  project_id: id,
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(DOWNLOAD_LIST.perPage),
});

export const downloadCreateSchema = z.object({
  project_id: z.number().int().positive(),
  dataset_id: z.number().int().positive(),
  /** Only these folders; all folders when absent. */
  folder_ids: z.array(z.number().int().positive()).optional(),
  /** Labels in this format (od: yolo, voc, coco; sg: masks); the plain layout when absent. */
  format: z.enum(EXPORT_FORMATS).optional(),
});

export const downloadItemSchema = z.object({
  job_id: z.string(),
  file_name: z.string().nullable(),
  status: z.enum(DOWNLOAD_STATUSES),
  progress: z.number(),
  work_name: z.string(),
  origin_path: z.string(),
  origin_files: z.string(),
  project_code: z.string(),
  usage_type_code: z.string().nullable(),
  work_output: z.string().nullable(),
  created_at: z.string(),
  file_count: z.number(),
  expired_date: z.string(),
  /** Whole days until removal, never below 0. */
  days_remaining: z.number(),
  /** Path under the image base, present once the file exists: /{code}/download/{username}/{job_id}/{file_name}?t=… */
  download_path: z.string().nullable(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;
