// Request/response schemas of monitoring (SPEC §3 Verification option, Inspection report row, Model
// history): deployments, line API keys, the inspection API, report search, line report, line status.
import { z } from 'zod';
import { INSPECTION_THRESHOLD, SAMPLING_COUNT, SAMPLING_RATE } from '../constants';
import { MonitoringErrorCode as C } from './codes';
import { REPORT_PERIODS, VERIFICATION_METHODS } from './rules';

// Range failures answer the rule's own code (coded validation), so forms show the SPEC §5 text.
const TH = { message: C.ThresholdRange };
const SR = { message: C.SamplingRateRange };
const SC = { message: C.SamplingCountRange };

const id = z.coerce.number().int().positive();
const iso = z.string();
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const judgementSchema = z.enum(['OK', 'NG']);
export type Judgement = z.infer<typeof judgementSchema>;

export const lineQuerySchema = z.object({ line_id: id });

// ---- deployments / model history ----
export const deployCreateSchema = z.object({
  line_id: id,
  model_id: id,
  threshold: z.coerce
    .number()
    .min(INSPECTION_THRESHOLD.min, TH)
    .max(INSPECTION_THRESHOLD.max, TH)
    .default(0.5),
  period_start: dateOnly.nullish(),
  period_end: dateOnly.nullish(),
  description: z.string().max(500).default(''),
});
export type DeployCreate = z.infer<typeof deployCreateSchema>;

export const deploymentSchema = z.object({
  id: z.number(),
  line_id: z.number(),
  line_code: z.string(),
  model: z.object({ id: z.number().nullable(), name: z.string() }),
  task: z.enum(['cf', 'od', 'sg', 'ad']),
  algorithm: z.string(),
  threshold: z.number(),
  period: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  train: z.object({
    date: iso.nullable(),
    performance: z.record(z.string(), z.number()),
    count: z.number().nullable(),
  }),
  inference: z.object({
    date: iso.nullable(),
    performance: z.record(z.string(), z.number()),
    count: z.number(),
  }),
  description: z.string(),
  active: z.boolean(),
  deployed_at: iso,
  deployed_by: z.string().nullable(),
  ended_at: iso.nullable(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

// ---- line API keys ----
export const lineKeyCreateSchema = z.object({ line_id: id, name: z.string().trim().min(1).max(60) });
export const lineKeySchema = z.object({
  id: z.number(),
  line_id: z.number(),
  name: z.string(),
  prefix: z.string(),
  created_at: iso,
  last_used_at: iso.nullable(),
  revoked_at: iso.nullable(),
});
export type LineKey = z.infer<typeof lineKeySchema>;
/** The key itself is answered once, at creation. */
export const lineKeyCreatedSchema = lineKeySchema.extend({ key: z.string() });

// ---- inspection API ----
export const inspectionBoxSchema = z.object({
  class_name: z.string(),
  score: z.number(),
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
});
export const inspectionResultSchema = z.object({
  id: z.string(),
  line_code: z.string(),
  serial_number: z.string(),
  judgement: judgementSchema,
  class_name: z.string().nullable(),
  score: z.number(),
  boxes: z.array(inspectionBoxSchema),
  regions: z.array(z.object({ class_name: z.string(), area: z.number() })),
  anomaly_score: z.number().nullable(),
  latency_ms: z.number(),
  created_at: iso,
  deployment_id: z.number(),
});
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

// ---- inspection report ----
export const inspectionSearchSchema = z.object({
  line_id: id,
  /** period: from/to; text: a serial number (or part of one) is required. */
  mode: z.enum(['period', 'text']).default('period'),
  from: iso.optional(),
  to: iso.optional(),
  serial: z.string().trim().max(120).optional(),
  judgement: judgementSchema.optional(),
  class_name: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type InspectionSearch = z.infer<typeof inspectionSearchSchema>;

export const inspectionRowSchema = z.object({
  id: z.string(),
  serial_number: z.string(),
  judgement: judgementSchema,
  class_name: z.string().nullable(),
  score: z.number(),
  created_at: iso,
  original_url: z.string(),
  prediction_url: z.string(),
  latency_ms: z.number(),
  sampled: z.boolean(),
  verified_judgement: judgementSchema.nullable(),
  verified_class: z.string().nullable(),
});
export type InspectionRow = z.infer<typeof inspectionRowSchema>;

export const inspectionDetailSchema = inspectionRowSchema.extend({
  line_id: z.number(),
  task: z.string(),
  boxes: z.array(inspectionBoxSchema),
  regions: z.array(z.object({ class_name: z.string(), area: z.number() })),
  anomaly_score: z.number().nullable(),
  classes: z.array(z.object({ name: z.string(), ok: z.boolean() })),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

// ---- line report / status ----
export const lineReportQuerySchema = z.object({
  line_id: id,
  from: iso,
  to: iso,
  period: z.enum(REPORT_PERIODS).default('1d'),
});
export type LineReportQuery = z.infer<typeof lineReportQuerySchema>;

export const lineReportSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: iso,
  to: iso,
  total: z.number(),
  ok: z.number(),
  ng: z.number(),
  buckets: z.array(
    z.object({ start: iso, ok: z.number(), ng: z.number(), by_class: z.record(z.string(), z.number()) }),
  ),
  by_class: z.array(z.object({ class_name: z.string(), count: z.number() })),
});
export type LineReport = z.infer<typeof lineReportSchema>;

export const lineStatusSchema = z.object({
  line: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  deployment: deploymentSchema.nullable(),
  window_minutes: z.number(),
  total: z.number(),
  ok: z.number(),
  ng: z.number(),
  ng_rate: z.number(),
  throughput_per_min: z.number(),
  latency_ms: z.object({ p50: z.number(), p95: z.number() }),
  today: z.object({ total: z.number(), ok: z.number(), ng: z.number() }),
  recent_ng: z.array(inspectionRowSchema),
  updated_at: iso,
});
export type LineStatus = z.infer<typeof lineStatusSchema>;

// ---- verification ----
export const verificationOptionSchema = z.object({
  method: z.enum(VERIFICATION_METHODS),
  period_days: z.coerce.number().int().min(1).max(30),
  threshold: z.coerce.number().min(INSPECTION_THRESHOLD.min, TH).max(INSPECTION_THRESHOLD.max, TH),
  sampling_rate: z.coerce.number().min(SAMPLING_RATE.min, SR).max(SAMPLING_RATE.max, SR),
  sampling_count: z.coerce.number().int(SC).min(SAMPLING_COUNT.min, SC).max(SAMPLING_COUNT.max, SC),
});
export type VerificationOption = z.infer<typeof verificationOptionSchema>;
export const DEFAULT_VERIFICATION_OPTION: VerificationOption = {
  method: 'random',
  period_days: 1,
  threshold: 0.5,
  sampling_rate: 10,
  sampling_count: 100,
};

export const verifyInputSchema = z.object({
  judgement: judgementSchema,
  class_name: z.string().max(100).nullish(),
});

export const interval = z.object({ rate: z.number(), low: z.number(), high: z.number() });
export const lineQualitySchema = z.object({
  verified: z.number(),
  corrected: z.number(),
  escape: interval,
  overkill: interval,
  promised: z.record(z.string(), z.number()),
});
export type LineQuality = z.infer<typeof lineQualitySchema>;

// ---- edge runner (`sightline edge`): the line's model package and results judged on the edge ----
export const edgeDeploymentSchema = z.object({
  id: z.number(),
  line_code: z.string(),
  task: z.enum(['cf', 'od', 'sg', 'ad']),
  threshold: z.number(),
  classes: z.array(z.object({ name: z.string(), ok: z.boolean() })),
  model_name: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.number() })),
});
export type EdgeDeployment = z.infer<typeof edgeDeploymentSchema>;

/** One judgement made by an edge runner, uploaded later (multipart `result` JSON field, then its `image`). */
export const edgeResultSchema = z.object({
  /** The edge's own id of the judgement: uploading it again answers the stored row. */
  request_id: z.string().min(1).max(100),
  serial_number: z.string().trim().min(1).max(120),
  deployment_id: z.number().int().positive(),
  judgement: judgementSchema,
  class_name: z.string().max(200).nullable(),
  score: z.number().finite(),
  result: z.object({
    scores: z.array(z.number()).max(1000).optional(),
    boxes: z.array(inspectionBoxSchema).max(1000).optional(),
    regions: z
      .array(
        z.object({
          class_name: z.string(),
          area: z.number(),
          polygon: z.array(z.tuple([z.number(), z.number()])).optional(),
        }),
      )
      .max(1000)
      .optional(),
    anomaly_score: z.number().nullable().optional(),
  }),
  stats: z.object({ brightness: z.number(), contrast: z.number(), sharpness: z.number() }).nullable(),
  latency_ms: z.number().min(0),
  /** When the edge judged the image (the row's created_at). */
  judged_at: z.iso.datetime({ offset: true }),
});
export type EdgeResult = z.infer<typeof edgeResultSchema>;

export const edgeUploadedSchema = z.object({
  request_id: z.string(),
  id: z.string(),
  /** True when the request id was stored before (a re-upload). */
  duplicate: z.boolean(),
});
export type EdgeUploaded = z.infer<typeof edgeUploadedSchema>;
