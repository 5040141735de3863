// Drizzle mirror of migrations/0200_datasets.sql. SQL is the source of truth.
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';
import { projectIdCascade } from './refs';
import { projects, users } from './core';
import { jobs } from './jobs';

export const datasets = pgTable('datasets', {
  id: identityId(),
  projectId: projectIdCascade(),
  name: text('name').notNull(),
  type: text('type').$type<'cf' | 'od' | 'sg' | 'ad'>().notNull(),
  purpose: text('purpose').$type<'preprocessing' | 'evaluation'>().notNull().default('preprocessing'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type DatasetRow = typeof datasets.$inferSelect;

export const datasetFolders = pgTable('dataset_folders', {
  id: identityId(),
  datasetId: integer('dataset_id')
    .notNull()
    .references(() => datasets.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});
export type DatasetFolderRow = typeof datasetFolders.$inferSelect;

export const datasetClasses = pgTable('dataset_classes', {
  id: identityId(),
  datasetId: integer('dataset_id')
    .notNull()
    .references(() => datasets.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  color: text('color').notNull(),
  isOk: boolean('is_ok').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});
export type DatasetClassRow = typeof datasetClasses.$inferSelect;

export const datasetImages = pgTable('dataset_images', {
  id: uuid('id').primaryKey(),
  datasetId: integer('dataset_id')
    .notNull()
    .references(() => datasets.id, { onDelete: 'cascade' }),
  folderId: integer('folder_id')
    .notNull()
    .references(() => datasetFolders.id, { onDelete: 'cascade' }),
  classId: integer('class_id').references(() => datasetClasses.id, { onDelete: 'set null' }),
  fileName: text('file_name').notNull(),
  originalName: text('original_name').notNull(),
  sha256: text('sha256').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  channels: smallint('channels').notNull(),
  format: text('format').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  edited: boolean('edited').notNull().default(false),
  confirmed: boolean('confirmed').notNull().default(false),
  augmented: boolean('augmented').notNull().default(false),
  prediction: jsonb('prediction'),
  verification: jsonb('verification'),
  classScore: real('class_score'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type DatasetImageRow = typeof datasetImages.$inferSelect;
export type NewDatasetImageRow = typeof datasetImages.$inferInsert;

export const imageObjects = pgTable('image_objects', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  imageId: uuid('image_id')
    .notNull()
    .references(() => datasetImages.id, { onDelete: 'cascade' }),
  classId: integer('class_id').references(() => datasetClasses.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  geometry: jsonb('geometry').notNull(),
  createdAt: createdAt(),
});

export const datasetLocks = pgTable(
  'dataset_locks',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    reason: text('reason').notNull().default('verification'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.ref] })],
);

export const projectUploadUsage = pgTable('project_upload_usage', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  uploadedImages: bigint('uploaded_images', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

export const downloadRequests = pgTable('download_requests', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'dataset' | 'output'>().notNull(),
  projectId: projectIdCascade(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  workName: text('work_name').notNull(),
  originPath: text('origin_path'),
  originFiles: text('origin_files').notNull().default(''),
  usageTypeCode: text('usage_type_code'),
  workOutput: text('work_output'),
  createdAt: createdAt(),
  expiresAt: tz('expires_at').notNull(),
});
export type DownloadRequestRow = typeof downloadRequests.$inferSelect;
