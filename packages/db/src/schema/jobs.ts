// Drizzle mirror of migrations/0002_jobs.sql (worker heartbeats and job progress rows).
import { boolean, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns';
import { projects, users } from './core';

export const workers = pgTable('workers', {
  id: uuid('id').primaryKey().defaultRandom(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: tz('started_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  stoppedAt: tz('stopped_at'),
  lostAt: tz('lost_at'),
});

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  queue: text('queue').notNull(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().default({}),
  singletonKey: text('singleton_key'),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
  progress: smallint('progress').notNull().default(0),
  message: text('message').notNull().default(''),
  result: jsonb('result'),
  workerId: uuid('worker_id').references(() => workers.id, { onDelete: 'set null' }),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  updatedAt: updatedAt(),
});

export type WorkerRow = typeof workers.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
