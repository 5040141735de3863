// Admin payloads for algorithms (SPEC §3 Algorithm), the change history and the admin dashboard.
// Parameters keep the declaration shape of ../algorithms/types, so the admin edits what the engine runs.
import { z } from 'zod';
import { ALGORITHM_KINDS, VISION_TASKS, type AlgorithmParam } from '../algorithms/types';
import { TenancyErrorCode as C } from './messages';
import { requiredText } from './fields';

const FR = C.FieldRequired;
const localized = z.object({ ko: requiredText(200), en: requiredText(200) });
const localizedOptional = z.object({
  ko: z.string().max(2000).default(''),
  en: z.string().max(2000).default(''),
});
const num = z.number({ error: C.NumberRequired }).refine(Number.isFinite, { error: C.NumberRequired });

/** One parameter: name, key, description, default, min, max; numbers only and min ≤ default ≤ max. */
export const adminParamSchema = z
  .object({
    key: z.string({ error: FR }).regex(/^[a-zA-Z][a-zA-Z0-9]*$/, { error: FR }),
    name: localized,
    description: localizedOptional.optional().default({ ko: '', en: '' }),
    default: num,
    min: num,
    max: num,
    integer: z.boolean().optional().default(false),
    /** 0 = auto is allowed as well (set from the engine's declaration, not by the admin). */
    auto: z.boolean().optional().default(false),
  })
  .superRefine((p, ctx) => {
    const wholeOk = !p.integer || [p.default, p.min, p.max].every(Number.isInteger);
    const inRange = (p.auto && p.default === 0) || (p.default >= p.min && p.default <= p.max);
    if (p.min > p.max || !inRange || !wholeOk) {
      ctx.addIssue({
        code: 'custom',
        message: C.ParamRangeInvalid,
        path: ['default'],
        params: { key: p.key },
      });
    }
  });
export type AdminParam = z.infer<typeof adminParamSchema> & AlgorithmParam;

const uniqueKeys = (ps: { key: string }[]) => new Set(ps.map((p) => p.key)).size === ps.length;
const paramList = z.array(adminParamSchema).refine(uniqueKeys, { error: C.ParamRangeInvalid }).default([]);

export const ALGORITHM_SCOPES = ['all', 'projects'] as const;

export const algorithmInputSchema = z
  .object({
    engineKey: z.string({ error: FR }).min(1, { error: FR }),
    name: localized,
    description: localizedOptional.optional().default({ ko: '', en: '' }),
    kind: z.enum(ALGORITHM_KINDS, { error: FR }),
    workType: z.enum(VISION_TASKS, { error: FR }),
    scope: z.enum(ALGORITHM_SCOPES).default('all'),
    projectIds: z.array(z.number().int().positive()).default([]),
    trainParams: paramList,
    inferenceParams: paramList,
    augmentationParams: paramList,
  })
  .refine((a) => a.scope === 'all' || a.projectIds.length > 0, { error: FR, path: ['projectIds'] });
export type AlgorithmAdminInput = z.infer<typeof algorithmInputSchema>;

export const algorithmRecordSchema = z.object({
  id: z.number(),
  engineKey: z.string(),
  name: z.object({ ko: z.string(), en: z.string() }),
  description: z.object({ ko: z.string(), en: z.string() }),
  kind: z.enum(ALGORITHM_KINDS),
  workType: z.enum(VISION_TASKS),
  scope: z.enum(ALGORITHM_SCOPES),
  projects: z.array(z.object({ id: z.number(), code: z.string(), title: z.string() })),
  trainParams: z.array(z.any()),
  inferenceParams: z.array(z.any()),
  augmentationParams: z.array(z.any()),
  descriptionFile: z.object({ name: z.string(), mime: z.string(), size: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlgorithmRecord = z.infer<typeof algorithmRecordSchema>;
export const ALGORITHM_SORTS = ['id', 'engineKey', 'kind', 'workType', 'updatedAt'] as const;
export const algorithmFilterSchema = z.object({
  kind: z.enum(ALGORITHM_KINDS).optional(),
  workType: z.enum(VISION_TASKS).optional(),
  projectId: z.coerce.number().int().positive().optional(),
});
/** Description documents: an image or a PDF. */
export const DESCRIPTION_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export const DESCRIPTION_MAX_BYTES = 20 * 1024 * 1024;

// ---- history (audit log) and dashboard -----------------------------------------------------------

export const historyFilterSchema = z.object({
  actorId: z.coerce.number().int().positive().optional(),
  action: z.string().max(60).optional(),
  entityType: z.string().max(40).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const historyItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  companyId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const dashboardSchema = z.object({
  counts: z.object({
    companies: z.number(),
    projects: z.number(),
    lines: z.number(),
    users: z.number(),
    runningJobs: z.number(),
    pendingResetRequests: z.number(),
  }),
  recent: z.array(historyItemSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The admin nav's dashboard entry also lights up on history pages (SPEC §2). */
export const isDashboardNavActive = (path: string) =>
  path === '/admin' || path === '/admin/' || path.includes('history');
