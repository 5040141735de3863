// Drizzle mirror of migrations/0600_monitoring.sql (deployments = model history, line API keys,
// inspections, verification options). SQL is the source of truth.
import { boolean, date, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';
import { projectIdCascade } from './refs';
import { lines, users } from './core';
import { learnings } from './learning';

export interface InspectionResultJson {
  boxes?: { class_name: string; score: number; x1: number; y1: number; x2: number; y2: number }[];
  regions?: { class_name: string; area: number; polygon?: [number, number][] }[];
  anomaly_score?: number | null;
  scores?: number[];
}
export interface ImageStatsJson {
  brightness: number;
  contrast: number;
  sharpness: number;
}

export const lineDeployments = pgTable('line_deployments', {
  id: identityId(),
  lineId: integer('line_id')
    .notNull()
    .references(() => lines.id, { onDelete: 'cascade' }),
  projectId: projectIdCascade(),
  learningId: integer('learning_id').references(() => learnings.id, { onDelete: 'set null' }),
  modelName: text('model_name').notNull(),
  task: text('task').$type<'cf' | 'od' | 'sg' | 'ad'>().notNull(),
  algorithm: text('algorithm').notNull().default(''),
  modelPrefix: text('model_prefix').notNull(),
  classes: jsonb('classes').$type<{ index: number; name: string; ok: boolean }[]>().notNull().default([]),
  threshold: real('threshold').notNull(),
  periodStart: date('period_start', { mode: 'string' }),
  periodEnd: date('period_end', { mode: 'string' }),
  trainDate: tz('train_date'),
  trainPerformance: jsonb('train_performance').$type<Record<string, number>>().notNull().default({}),
  trainCount: integer('train_count'),
  description: text('description').notNull().default(''),
  reference: jsonb('reference').$type<{ score: number[]; stats: ImageStatsJson[]; alerted_at?: string }>(),
  active: boolean('active').notNull().default(true),
  deployedBy: integer('deployed_by').references(() => users.id, { onDelete: 'set null' }),
  deployedAt: tz('deployed_at').notNull().defaultNow(),
  endedAt: tz('ended_at'),
});
export type LineDeploymentRow = typeof lineDeployments.$inferSelect;

export const lineApiKeys = pgTable('line_api_keys', {
  id: identityId(),
  lineId: integer('line_id')
    .notNull()
    .references(() => lines.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: tz('last_used_at'),
  revokedAt: tz('revoked_at'),
});
export type LineApiKeyRow = typeof lineApiKeys.$inferSelect;

export const inspections = pgTable('inspections', {
  id: uuid('id').primaryKey().defaultRandom(),
  lineId: integer('line_id')
    .notNull()
    .references(() => lines.id, { onDelete: 'cascade' }),
  deploymentId: integer('deployment_id').references(() => lineDeployments.id, { onDelete: 'set null' }),
  serialNumber: text('serial_number').notNull(),
  judgement: text('judgement').$type<'OK' | 'NG'>().notNull(),
  className: text('class_name'),
  score: real('score').notNull().default(0),
  result: jsonb('result').$type<InspectionResultJson>().notNull().default({}),
  originalKey: text('original_key').notNull(),
  predictionKey: text('prediction_key').notNull(),
  latencyMs: real('latency_ms').notNull().default(0),
  stats: jsonb('stats').$type<ImageStatsJson>(),
  requestId: text('request_id'),
  createdAt: createdAt(),
  sampledAt: tz('sampled_at'),
  verifiedJudgement: text('verified_judgement').$type<'OK' | 'NG'>(),
  verifiedClass: text('verified_class'),
  verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
  verifiedAt: tz('verified_at'),
});
export type InspectionRowDb = typeof inspections.$inferSelect;

export const verificationOptions = pgTable('verification_options', {
  lineId: integer('line_id')
    .primaryKey()
    .references(() => lines.id, { onDelete: 'cascade' }),
  method: text('method').$type<'random' | 'active' | 'manual'>().notNull().default('random'),
  periodDays: integer('period_days').notNull().default(1),
  threshold: real('threshold').notNull().default(0.5),
  samplingRate: real('sampling_rate').notNull().default(10),
  samplingCount: integer('sampling_count').notNull().default(100),
  lastSampledAt: tz('last_sampled_at'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
export type VerificationOptionRow = typeof verificationOptions.$inferSelect;
