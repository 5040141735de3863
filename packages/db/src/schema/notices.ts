// Drizzle mirror of migrations/0700_notices.sql.
import { bigint, boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns';
import { companies, users } from './core';

export const notices = pgTable('notices', {
  id: identityId(),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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
  createdAt: createdAt(),
});
export type NoticeAttachmentRow = typeof noticeAttachments.$inferSelect;
