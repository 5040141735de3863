// Response envelopes shared by every endpoint (COMMON API conventions): {data}, lists {data:{data,total}}, errors.
import { z } from 'zod';

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ data: z.array(item), total: z.number().int() }) });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    details: z.unknown().optional(),
  }),
});

/** A `{}` answer (no data), used where SPEC §7 says "absent data means …". */
export const emptyObjectSchema = z.object({}).strict();

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const uuidParamSchema = z.object({ id: z.uuid() });

/** Pagination query (SPEC §9 pager: 10 per page). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
