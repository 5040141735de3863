// Request schemas of augmentation, AI labeling, external labeling upload and label export.
import { z } from 'zod';
import { UNSUPERVISED_CLASSES } from '../constants';
import { saveDirSchema, workNameSchema } from '../processing/schemas';
import { LabelErrorCode as C } from './codes';
import { EXPORT_FORMATS, LABEL_TYPES } from './rules';

const id = z.number().int().positive();

const common = {
  project_id: id,
  name: workNameSchema,
  save_dir: saveDirSchema,
  description: z.string().max(1000).default(''),
  dataset_id: id,
  /** Only these folders of the dataset; all when absent. */
  folder_ids: z.array(id).max(1000).optional(),
};

/** Augmentation: the operations and ranges are the algorithm's augmentation settings (by key). */
export const augmentationCreateSchema = z.object({
  ...common,
  /** An admin-registry algorithm of kind augmentation; the first one usable in the project when absent. */
  algorithm_id: id.optional(),
  /** Chosen operations with their range (a key absent = that operation off). */
  operations: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), z.number()),
  /** Augmented images made per original. */
  copies: z.number().int().min(1).max(20).default(1),
  /** Keep the originals in the result folder beside their augmented copies. */
  include_originals: z.boolean().default(true),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type AugmentationCreate = z.infer<typeof augmentationCreateSchema>;

export const aiLabelingCreateSchema = z.discriminatedUnion('mode', [
  z.object({
    ...common,
    mode: z.literal('supervised'),
    /** The trained model (a finished learning of the project). */
    learning_id: id.optional(),
    /** Keep the proposals the model is at least this sure of; lower ones still come, marked unsure. */
    threshold: z.number().min(0).max(1).default(0.3),
  }),
  z.object({
    ...common,
    mode: z.literal('unsupervised'),
    class_count: z
      .number({ error: C.UnsupervisedClassCount })
      .int({ error: C.UnsupervisedClassCount })
      .min(UNSUPERVISED_CLASSES.min, { error: C.UnsupervisedClassCount })
      .max(UNSUPERVISED_CLASSES.max, { error: C.UnsupervisedClassCount }),
  }),
]);
export type AiLabelingCreate = z.infer<typeof aiLabelingCreateSchema>;

/** The text fields of the external labeling upload (multipart, with the files). */
export const externalUploadFieldsSchema = z.object({
  project_id: z.coerce.number().int().positive(),
  name: workNameSchema,
  dataset_name: z.string().trim().min(1).max(100),
  label_type: z.enum(LABEL_TYPES, { error: C.LabelTypeRequired }),
  description: z.string().max(1000).default(''),
});
export type ExternalUploadFields = z.infer<typeof externalUploadFieldsSchema>;

export const exportFormatSchema = z.enum(EXPORT_FORMATS);

/** Review of one AI labeling proposal in the workspace. */
export const proposalReviewSchema = z.object({
  decision: z.enum(['accept', 'reject']),
});

export const proposalListQuerySchema = z.object({
  status: z.enum(['pending', 'accepted', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(30),
});
