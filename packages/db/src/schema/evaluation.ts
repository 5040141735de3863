// Drizzle mirror of migrations/0310_evaluation.sql (compares, evaluations, evaluation_results). SQL is the
// source of truth. learning_id points at learnings (0300_learning.sql); kept as a plain column here so this
// file does not depend on the learning schema module.
import { bigint, boolean, integer, jsonb, pgTable, real, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { identityId, tz } from './columns';
import { projectIdCascade } from './refs';
import { users } from './core';
import { jobs } from './jobs';
import { datasetImages, datasets } from './datasets';

export type EvaluationTask = 'cf' | 'od' | 'sg' | 'ad';
export type EvaluationRowStatus = 'waiting' | 'running' | 'canceling' | 'done' | 'error' | 'canceled';
export interface EvaluationClass {
  index: number;
  name: string;
  ok: boolean;
}
export interface StoredBox {
  class_index: number;
  x: number;
  y: number;
  w: number;
  h: number;
  score?: number;
}

export const compares = pgTable('compares', {
  id: identityId(),
  projectId: projectIdCascade(),
  datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  datasetName: text('dataset_name').notNull(),
  name: text('name').notNull(),
  task: text('task').$type<EvaluationTask>().notNull(),
  classes: jsonb('classes').$type<EvaluationClass[]>().notNull(),
  modelIds: integer('model_ids').array().notNull(),
  threshold: real('threshold'),
  status: text('status').$type<EvaluationRowStatus>().notNull().default('waiting'),
  progress: smallint('progress').notNull().default(0),
  disagreements: integer('disagreements').notNull().default(0),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  canceledAt: tz('canceled_at'),
});
export type CompareRow = typeof compares.$inferSelect;

export const evaluations = pgTable('evaluations', {
  id: identityId(),
  projectId: projectIdCascade(),
  compareId: integer('compare_id').references(() => compares.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull().default(0),
  learningId: integer('learning_id'),
  modelName: text('model_name').notNull(),
  algorithmId: integer('algorithm_id'),
  algorithmName: text('algorithm_name').notNull().default(''),
  engineKey: text('engine_key').notNull().default(''),
  datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  datasetName: text('dataset_name').notNull(),
  name: text('name').notNull(),
  task: text('task').$type<EvaluationTask>().notNull(),
  threshold: real('threshold'),
  params: jsonb('params').$type<Record<string, number>>().notNull().default({}),
  classes: jsonb('classes').$type<EvaluationClass[]>().notNull(),
  status: text('status').$type<EvaluationRowStatus>().notNull().default('waiting'),
  progress: smallint('progress').notNull().default(0),
  imageCount: integer('image_count').notNull().default(0),
  metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  canceledAt: tz('canceled_at'),
});
export type EvaluationRow = typeof evaluations.$inferSelect;
export type NewEvaluationRow = typeof evaluations.$inferInsert;

export const evaluationResults = pgTable('evaluation_results', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  evaluationId: integer('evaluation_id')
    .notNull()
    .references(() => evaluations.id, { onDelete: 'cascade' }),
  imageId: uuid('image_id').references(() => datasetImages.id, { onDelete: 'set null' }),
  fileName: text('file_name').notNull(),
  trueClass: smallint('true_class'),
  predictedClass: smallint('predicted_class'),
  score: real('score'),
  correct: boolean('correct'),
  predBoxes: jsonb('pred_boxes').$type<StoredBox[]>(),
  trueBoxes: jsonb('true_boxes').$type<StoredBox[]>(),
  overlayKey: text('overlay_key'),
  /** sg: the ground-truth mask as an overlay PNG (migration 0751). */
  truthKey: text('truth_key'),
});
export type EvaluationResultRow = typeof evaluationResults.$inferSelect;
export type NewEvaluationResultRow = typeof evaluationResults.$inferInsert;
