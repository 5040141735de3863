// Drizzle mirror of migrations/0001_core.sql (tenancy and accounts). SQL is the source of truth.
import { boolean, date, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';

export const companies = pgTable('companies', {
  id: identityId(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const projects = pgTable('projects', {
  id: identityId(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  companyId: integer('company_id').references(() => companies.id),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  imageUploadLimit: integer('image_upload_limit'),
  learningLimit: integer('learning_limit'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const lines = pgTable(
  'lines',
  {
    id: identityId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    productName: text('product_name').notNull().default(''),
    processName: text('process_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.projectId, t.code)],
);

export const users = pgTable('users', {
  id: identityId(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  department: text('department').notNull().default(''),
  roleId: smallint('role_id').notNull(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
  passwordHash: text('password_hash').notNull(),
  resetByAdmin: boolean('reset_by_admin').notNull().default(false),
  passwordChangedAt: tz('password_changed_at').notNull().defaultNow(),
  passwordAlarmSnoozedUntil: tz('password_alarm_snoozed_until'),
  trial: boolean('trial').notNull().default(false),
  expiresAt: tz('expires_at'),
  defaultProjectId: integer('default_project_id').references(() => projects.id, { onDelete: 'set null' }),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: tz('locked_until'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissions: smallint('permissions').array().notNull().default([]),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

export type CompanyRow = typeof companies.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type LineRow = typeof lines.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
