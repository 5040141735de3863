// Drizzle mirror of the session/limit/settings tables of migrations/0001_core.sql.
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, tz, updatedAt } from './columns';
import { users } from './core';

export const refreshTokens = pgTable('refresh_tokens', {
  id: identityId(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: tz('expires_at').notNull(),
  revokedAt: tz('revoked_at'),
  replacedBy: integer('replaced_by'),
  createdAt: createdAt(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tz('window_start').notNull(),
  count: integer('count').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
