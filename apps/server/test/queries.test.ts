// Generated SQL of the foundation's repositories, checked in next to them (STYLE.md §2) so a change
// in a query shows up in review. Update with `npx vitest run --project server -u test/queries.test.ts`.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Actor } from '@sightline/domain';
import { schema } from '@sightline/db';
import { ProjectRepository } from '../src/features/project/project.repository';

// toSQL() never connects: an unused pool is enough.
const db = drizzle(new pg.Pool(), { schema });
const actor = (roleId: Actor['roleId']): Actor => ({ id: 7, roleId, companyId: 3, projectPermissions: {} });

describe('generated SQL', () => {
  it('project visibility per role', async () => {
    const repo = new ProjectRepository(db);
    const text = ([1, 3, 4] as const)
      .map((r) => {
        const q = repo.listVisibleQuery(actor(r)).toSQL();
        return `-- listVisible, role ${r}\n${q.sql};\n-- params: ${JSON.stringify(q.params)}\n`;
      })
      .join('\n');
    await expect(text).toMatchFileSnapshot('../src/features/project/queries/project-visible.repository.sql');
  });
});
