// Foreign-key columns many tables share (each gives the same SQL as writing the column out).
// Apart from columns.ts because core.ts, which defines the referenced tables, uses columns.ts.
import { integer } from 'drizzle-orm/pg-core';
import { projects } from './core';

/** `project_id integer not null references projects(id) on delete cascade`. */
export const projectIdCascade = () =>
  integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });
