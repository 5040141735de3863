// Payload and answer schemas of the tenancy API: list queries, companies, projects and lines.
// Issue messages are error codes (errors/messages.ts), so the server answers `{code, field}` and the
// web shows the same translated text inline; see firstIssue() in ./issues.
import { z } from 'zod';
import { PAGER } from '../constants';
import { checkLineCode, checkProjectCode } from './identifiers';
import { TenancyErrorCode as C } from './messages';
import { dateString, identifier, limitNumber, optionalText, requiredText } from './fields';

const FR = C.FieldRequired;

// ---- lists ---------------------------------------------------------------------------------------

/** Query of every list endpoint: the pager, one sort column, a free-text filter. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PAGER.perPage),
  sort: z.string().optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The answer of a list: `{ data: { data, total } }` (the outer data is added by the route). */
export const tenancyPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int() });
export interface PageOf<T> {
  data: T[];
  total: number;
}

export const checkAnswerSchema = z.object({ available: z.boolean(), code: z.string().optional() });
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

// ---- companies -----------------------------------------------------------------------------------

export const companyInputSchema = z.object({ name: requiredText(100) });
export type CompanyInput = z.infer<typeof companyInputSchema>;

export const companyRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  projectCount: z.number(),
  lineCount: z.number(),
  adminCount: z.number(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;
export const COMPANY_SORTS = ['name', 'createdAt', 'projectCount', 'userCount'] as const;

// ---- projects ------------------------------------------------------------------------------------

const projectFields = {
  title: requiredText(100),
  description: optionalText(),
  startDate: dateString.nullable().optional().default(null),
  endDate: dateString.nullable().optional().default(null),
  uploadLimit: limitNumber,
  learningLimit: limitNumber,
};
const dateOrder = (p: { startDate: string | null; endDate: string | null }) =>
  !p.startDate || !p.endDate || p.startDate <= p.endDate;

export const projectCreateSchema = z
  .object({
    code: identifier(checkProjectCode),
    companyId: z.number({ error: FR }).int().positive({ error: FR }),
    ...projectFields,
  })
  .refine(dateOrder, { error: C.DateRangeInvalid, path: ['endDate'] });
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** The code is immutable after creation, so an update carries no code (a differing one is refused). */
export const projectUpdateSchema = z
  .object({ code: z.string().optional(), ...projectFields })
  .refine(dateOrder, { error: C.DateRangeInvalid, path: ['endDate'] });
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const personRefSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const projectRecordSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  company: z.object({ id: z.number(), name: z.string() }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  uploadLimit: z.number().nullable(),
  learningLimit: z.number().nullable(),
  lineCount: z.number(),
  participantCount: z.number(),
  managers: z.array(personRefSchema),
  createdAt: z.string(),
});
export type ProjectRecord = z.infer<typeof projectRecordSchema>;
export const PROJECT_SORTS = ['code', 'title', 'createdAt', 'endDate', 'company'] as const;

// ---- lines ---------------------------------------------------------------------------------------

export const lineInputSchema = z.object({
  code: identifier(checkLineCode),
  name: requiredText(100),
  productName: requiredText(100),
  processName: requiredText(100),
});
export type LineInput = z.infer<typeof lineInputSchema>;
export const lineUpdateSchema = lineInputSchema;

export const lineRecordSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  productName: z.string(),
  processName: z.string(),
  createdAt: z.string(),
});
export type LineRecord = z.infer<typeof lineRecordSchema>;
