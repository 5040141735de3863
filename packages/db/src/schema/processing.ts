// Drizzle mirror of migrations/0500_processing.sql. SQL is the source of truth.
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';
import { projectIdCascade } from './refs';
import { users } from './core';
import { jobs } from './jobs';
import { datasetImages, datasets } from './datasets';

export const processingWorks = pgTable('processing_works', {
  id: identityId(),
  projectId: projectIdCascade(),
  name: text('name').notNull(),
  kind: text('kind')
    .$type<
      | 'new'
      | 'merge'
      | 'copy'
      | 'class_merge'
      | 'class_remove'
      | 'augmentation'
      | 'ai_supervised'
      | 'ai_unsupervised'
      | 'external'
    >()
    .notNull(),
  task: text('task').$type<'cf' | 'od' | 'sg'>().notNull(),
  status: text('status').$type<'waiting' | 'progressing' | 'done' | 'error'>().notNull().default('waiting'),
  progress: smallint('progress').notNull().default(0),
  message: text('message').notNull().default(''),
  errorCode: text('error_code'),
  description: text('description').notNull().default(''),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  result: jsonb('result').$type<Record<string, unknown>>(),
  saveDir: text('save_dir').notNull(),
  resultDatasetId: integer('result_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  lockedBy: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
  lockExpiresAt: tz('lock_expires_at'),
  finalSaved: boolean('final_saved').notNull().default(false),
  finalSavedAt: tz('final_saved_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type ProcessingWorkRow = typeof processingWorks.$inferSelect;

export const processingWorkSources = pgTable(
  'processing_work_sources',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => processingWorks.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    datasetName: text('dataset_name').notNull(),
    folderIds: integer('folder_ids').array(),
    resolution: text('resolution').$type<'overwrite' | 'skip'>(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.position] })],
);
export type ProcessingWorkSourceRow = typeof processingWorkSources.$inferSelect;

export const imageAnnotations = pgTable('image_annotations', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => datasetImages.id, { onDelete: 'cascade' }),
  rev: integer('rev').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
