// Drizzle mirror of migrations/0700_notices.sql.
import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  category: text('category', { enum: ['notice', 'cs'] })
    .notNull()
    .default('notice'),
  title: text('title').notNull(),
  /** Sanitised HTML (the server sanitises before every write). */
  content: text('content').notNull().default(''),
  scope: text('scope', { enum: ['all', 'company', 'department'] })
    .notNull()
    .default('all'),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  department: text('department'),
  pinned: boolean('pinned').notNull().default(false),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type NoticeRow = typeof notices.$inferSelect;

export const noticeAttachments = pgTable('notice_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  noticeId: integer('notice_id')
    .notNull()
    .references(() => notices.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
export type NoticeAttachmentRow = typeof noticeAttachments.$inferSelect;
