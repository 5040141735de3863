// Drizzle mirror of migrations/0400_ingest_journal.sql. SQL is the source of truth.
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';

export const ingestUploads = pgTable('ingest_uploads', {
  id: uuid('id').primaryKey(),
  owner: text('owner').notNull(),
  startedAt: tz('started_at').notNull().defaultNow(),
  touchedAt: tz('touched_at').notNull().defaultNow(),
});

export const ingestObjects = pgTable('ingest_objects', {
  imageId: uuid('image_id').primaryKey(),
  uploadId: uuid('upload_id')
    .notNull()
    .references(() => ingestUploads.id, { onDelete: 'cascade' }),
});
