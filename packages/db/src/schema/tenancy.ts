// Drizzle mirror of migrations/0100_tenancy.sql (reset requests, algorithm registry, audit log).
import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';
import { projectIdCascade } from './refs';
import type { AlgorithmParam } from '@sightline/domain';
import { users } from './core';

type Localized = { ko: string; en: string };
export interface DescriptionFile {
  key: string;
  name: string;
  mime: string;
  size: number;
}

export const passwordResetRequests = pgTable('password_reset_requests', {
  id: identityId(),
  username: text('username').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status').$type<'unprocessed' | 'changed' | 'invalid'>().notNull().default('unprocessed'),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  handledAt: tz('handled_at'),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
});

export const algorithms = pgTable('algorithms', {
  id: identityId(),
  engineKey: text('engine_key').notNull(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  kind: text('kind').$type<'training' | 'ai_labeling' | 'augmentation'>().notNull(),
  workType: text('work_type').$type<'cf' | 'od' | 'sg' | 'ad'>().notNull(),
  scope: text('scope').$type<'all' | 'projects'>().notNull().default('all'),
  trainParams: jsonb('train_params').$type<AlgorithmParam[]>().notNull(),
  inferenceParams: jsonb('inference_params').$type<AlgorithmParam[]>().notNull(),
  augmentationParams: jsonb('augmentation_params').$type<AlgorithmParam[]>().notNull(),
  descriptionFile: jsonb('description_file').$type<DescriptionFile | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const algorithmProjects = pgTable(
  'algorithm_projects',
  {
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithms.id, { onDelete: 'cascade' }),
    projectId: projectIdCascade(),
  },
  (t) => [primaryKey({ columns: [t.algorithmId, t.projectId] })],
);

export const algorithmSeeds = pgTable('algorithm_seeds', {
  engineKey: text('engine_key').primaryKey(),
  seededAt: tz('seeded_at').notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  at: tz('at').notNull().defaultNow(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorUsername: text('actor_username'),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  companyId: integer('company_id'),
  before: jsonb('before'),
  after: jsonb('after'),
});

export type ResetRequestRow = typeof passwordResetRequests.$inferSelect;
export type AlgorithmRow = typeof algorithms.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
