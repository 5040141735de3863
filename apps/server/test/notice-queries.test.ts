// Generated SQL of the notice visibility (who reads which notice), checked in next to the repository
// (STYLE.md §2). Update with `npx vitest run --project server -u test/notice-queries.test.ts`.
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Actor } from '@sightline/domain';
import { visibleTo } from '../src/features/notice/notice.repository';

// The dialect renders SQL without a connection.
const dialect = new PgDialect();
const actor = (roleId: Actor['roleId'], companyId: number | null = 3): Actor => ({
  id: 7,
  roleId,
  companyId,
  projectPermissions: {},
});

describe('generated SQL', () => {
  it('notice visibility per reader', async () => {
    const cases: [string, Actor | undefined][] = [
      ['logged out', undefined],
      ['role 2', actor(2)],
      ['role 3 of company 3', actor(3)],
      ['role 4 without a company', actor(4, null)],
    ];
    const text = cases
      .map(([name, a]) => {
        const where = visibleTo(a);
        const q = where ? dialect.sqlToQuery(where) : { sql: 'TRUE', params: [] };
        return `-- visibleTo, ${name}\n${q.sql};\n-- params: ${JSON.stringify(q.params)}\n`;
      })
      .join('\n');
    await expect(text).toMatchFileSnapshot('../src/features/notice/queries/notice-visible.repository.sql');
  });
});
