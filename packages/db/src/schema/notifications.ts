// Drizzle mirror of migrations/0800_notifications.sql.
import { bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, users } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  type: text('type', {
    enum: ['labeling', 'compare_inference', 'compare', 'learning', 'inference'],
  }).notNull(),
  status: text('status', { enum: ['done', 'in_progress'] })
    .notNull()
    .default('in_progress'),
  progress: integer('progress').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type NotificationRow = typeof notifications.$inferSelect;
