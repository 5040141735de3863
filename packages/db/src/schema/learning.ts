// Drizzle mirror of migrations/0300_learning.sql (learnings = trainings). SQL is the source of truth.
import { boolean, integer, jsonb, pgTable, real, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { identityId, tz, updatedAt } from './columns';
import { projectIdCascade } from './refs';
import { users } from './core';
import { jobs } from './jobs';
import { datasets } from './datasets';
import { algorithms } from './tenancy';

export const LEARNING_ROW_STATUSES = [
  'waiting',
  'running',
  'canceling',
  'done',
  'error',
  'canceled',
] as const;

export interface LearningClassJson {
  index: number;
  name: string;
  ok: boolean;
}
export interface LearningRegionJson {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface LearningHistoryJson {
  run: number;
  epoch: number;
  train_loss: number | null;
  val_loss: number | null;
  metrics: Record<string, number>;
  seconds: number;
}

export const learnings = pgTable('learnings', {
  id: identityId(),
  projectId: projectIdCascade(),
  datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  datasetName: text('dataset_name').notNull(),
  name: text('name').notNull(),
  task: text('task').$type<'cf' | 'od' | 'sg' | 'ad'>().notNull(),
  algorithmId: integer('algorithm_id').references(() => algorithms.id, { onDelete: 'set null' }),
  algorithmName: text('algorithm_name').notNull().default(''),
  engineKey: text('engine_key').notNull(),
  params: jsonb('params').$type<Record<string, number>>().notNull(),
  classes: jsonb('classes').$type<LearningClassJson[]>().notNull(),
  okClasses: jsonb('ok_classes').$type<string[]>().notNull().default([]),
  regions: jsonb('regions').$type<LearningRegionJson[]>().notNull().default([]),
  validationSplit: real('validation_split').notNull(),
  baseLearningId: integer('base_learning_id'),
  status: text('status', { enum: LEARNING_ROW_STATUSES }).notNull().default('waiting'),
  progress: smallint('progress').notNull().default(0),
  phase: text('phase'),
  epoch: integer('epoch'),
  epochs: integer('epochs'),
  resumed: boolean('resumed').notNull().default(false),
  live: jsonb('live').$type<Record<string, unknown>>(),
  metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
  validation: jsonb('validation').$type<Record<string, unknown>>(),
  history: jsonb('history').$type<LearningHistoryJson[]>().notNull().default([]),
  warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  modelPrefix: text('model_prefix'),
  files: jsonb('files').$type<{ name: string; size: number }[]>().notNull().default([]),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  canceledAt: tz('canceled_at'),
  updatedAt: updatedAt(),
});
export type LearningRow = typeof learnings.$inferSelect;
