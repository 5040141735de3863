// Drizzle mirror of migrations/0800_notifications.sql and 0810_notification_jobs.sql.
import { bigserial, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns';
import { projects, users } from './core';
import { jobs } from './jobs';

export const NOTIFICATION_ROW_TYPES = [
  'labeling',
  'compare_inference',
  'compare',
  'learning',
  'inference',
  'monitoring',
] as const;

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  type: text('type', { enum: NOTIFICATION_ROW_TYPES }).notNull(),
  status: text('status', { enum: ['done', 'in_progress'] })
    .notNull()
    .default('in_progress'),
  progress: integer('progress').notNull().default(0),
  /** The job this notification follows (a trigger on jobs keeps it in step); null for alerts. */
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  jobStatus: text('job_status'),
  message: text('message').notNull().default(''),
  readAt: tz('read_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type NotificationRow = typeof notifications.$inferSelect;
