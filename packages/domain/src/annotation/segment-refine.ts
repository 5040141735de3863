// Refining the default click-segmentation pair on one project's sg masks (issue 16): the job, its
// limits and the project's segment-model view (GET/POST/DELETE /api/v2/projects/:id/segment-model).
import { z } from 'zod';

/** Masked sg images a refinement needs: a few are held out to score it, the rest are trained on. */
export const SEGMENT_REFINE_MIN_IMAGES = 10;
/** A refined pair scoring lower than the default by more than this (mean held-out IoU) is not kept. */
export const SEGMENT_REFINE_TOLERANCE = 0.02;
/** At most this many masked images go to the trainer (evenly spread over the project's images). */
export const SEGMENT_REFINE_MAX_IMAGES = 400;
/**
 * Images held out of training to compare the default and the refined pair (mean IoU from the same
 * simulated clicks): 10 % of the masked images, at least 2, at most 20.
 */
export const segmentRefineHoldout = (images: number) => Math.min(20, Math.max(2, Math.round(images / 10)));

export const segmentRefineJob = z.object({
  kind: z.literal('segment.refine'),
  payload: z.object({
    projectId: z.number().int().positive(),
    /** Training time budget (the server's SEGMENT_REFINE_SECONDS). */
    seconds: z.number().min(1).max(3600),
    /** Stop after this many steps as well (tests). */
    maxSteps: z.number().int().positive().optional(),
  }),
});

/** The stored record of a project's refined pair (storage: segment-models/projects/<projectId>.json). */
export const refinedSegmentPairSchema = z.object({
  id: z.string(),
  name: z.string(),
  input_size: z.number().int(),
  embedding: z.array(z.number().int()),
  mask_size: z.number().int(),
  trained_at: z.string(),
  job_id: z.string(),
  images: z.number().int(),
  steps: z.number().int(),
  /** Mean IoU on the held-out images from the same simulated clicks: the default pair, the refined one. */
  iou_before: z.number().nullable(),
  iou_after: z.number().nullable(),
});
export type RefinedSegmentPair = z.infer<typeof refinedSegmentPairSchema>;

export const segmentRefineJobViewSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.number().int(),
  message: z.string(),
  /** A failed job's translated error. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /**
   * A finished job's scores on the held-out images; kept false when the refined pair scored lower than
   * the default there by more than SEGMENT_REFINE_TOLERANCE and was not stored (the project's pair stays).
   */
  outcome: z
    .object({ kept: z.boolean(), iou_before: z.number().nullable(), iou_after: z.number().nullable() })
    .nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const projectSegmentModelSchema = z.object({
  /** The pair the project's sg workspace loads: an admin's upload wins over the project's refined pair. */
  active: z.enum(['default', 'refined', 'uploaded']),
  refined: refinedSegmentPairSchema.nullable(),
  /** The latest refinement job of the project, if any. */
  job: segmentRefineJobViewSchema.nullable(),
  /** Masked sg images of the project now, and how many a refinement needs. */
  masked_images: z.number().int(),
  min_images: z.number().int(),
  can_refine: z.boolean(),
});
export type ProjectSegmentModel = z.infer<typeof projectSegmentModelSchema>;
