// The annotation document API (apps/server/src/features/processing/README.md): one image's document
// with its optimistic revision.
import { z } from 'zod';

export const annotationViewSchema = z.object({
  image_id: z.string(),
  dataset_id: z.number(),
  file_name: z.string(),
  width: z.number(),
  height: z.number(),
  /** Bumped by every save; a PUT must send the rev it read. 0 = never saved through this API. */
  rev: z.number(),
  edited: z.boolean(),
  confirmed: z.boolean(),
  updated_at: z.string().nullable(),
  /** The current version (documents of older versions are migrated when read or sent). */
  document: z.unknown(),
});
export type AnnotationView = z.infer<typeof annotationViewSchema>;

export const annotationPutSchema = z.object({
  rev: z.number().int().min(0),
  /** Any known version; the server migrates it to the current one and validates it. */
  document: z.record(z.string(), z.unknown()),
  /** Marks the image confirmed (reviewed) as well; default leaves the flag as it is. */
  confirmed: z.boolean().optional(),
});
export type AnnotationPut = z.infer<typeof annotationPutSchema>;

export const annotationParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  imageId: z.uuid(),
});
