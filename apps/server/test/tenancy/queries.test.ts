// Generated SQL of the tenancy repositories' scoped lists, checked in next to them (STYLE.md §2) so a
// change in a query (above all in its tenant filter) shows up in review. The queries run for real on
// the test database through a logging Drizzle handle. Update with:
//   npx vitest run --project server -u apps/server/test/tenancy/queries.test.ts
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { listScope, type Actor, type ListQuery, type RoleId } from '@sightline/domain';
import { schema } from '@sightline/db';
import { CompanyRepository } from '../../src/features/company/company.repository';
import { HistoryRepository } from '../../src/features/history/history.repository';
import { ProjectRepository } from '../../src/features/project/project.repository';
import { ResetRequestRepository } from '../../src/features/reset-request/reset-request.repository';
import { AccountRepository } from '../../src/features/user/account.repository';
import { setupTestApp } from '../harness';

const t = setupTestApp();
const q: ListQuery = { page: 2, perPage: 10, order: 'asc', q: 'x' };
const actor = (roleId: RoleId): Actor => ({ id: 7, roleId, companyId: 3, projectPermissions: {} });

function logged() {
  const lines: string[] = [];
  const db = drizzle(t.database.pool, {
    schema,
    logger: { logQuery: (sql, params) => lines.push(`${sql};\n-- params: ${JSON.stringify(params)}`) },
  });
  return { db, lines };
}

async function capture(title: string, run: (db: ReturnType<typeof logged>['db']) => Promise<unknown>) {
  const { db, lines } = logged();
  await run(db);
  return `-- ${title}\n${lines.join('\n')}\n`;
}

describe('generated SQL of the scoped lists', () => {
  it('companies, projects, users and reset requests per role scope', async () => {
    const roles: RoleId[] = [1, 3, 4];
    const parts: Record<string, string[]> = { company: [], project: [], user: [], 'reset-request': [] };
    for (const r of roles) {
      const a = actor(r);
      parts.company!.push(
        await capture(`company list, role ${r}`, (db) =>
          new CompanyRepository(db).list(listScope(a, 'company'), q),
        ),
      );
      parts.project!.push(
        await capture(`project list, role ${r}`, (db) =>
          new ProjectRepository(db).list(listScope(a, 'project'), { ...q, sort: 'code' }, 3),
        ),
      );
      parts.user!.push(
        await capture(`user list, role ${r}`, (db) =>
          new AccountRepository(db).list(listScope(a, 'user'), q, { roleId: 4 }),
        ),
      );
      parts['reset-request']!.push(
        await capture(`reset-request list, role ${r}`, (db) =>
          new ResetRequestRepository(db).list(listScope(a, 'resetRequest'), q, 'unprocessed'),
        ),
      );
    }
    for (const [feature, text] of Object.entries(parts)) {
      await expect(text.join('\n')).toMatchFileSnapshot(
        `../../src/features/${feature}/queries/${feature}.repository.sql`,
      );
    }
  });

  it('history with every filter', async () => {
    const text = await capture('history list', (db) =>
      new HistoryRepository(db).list(q, {
        actorId: 1,
        action: 'user.create',
        entityType: 'user',
        from: '2025-01-01',
        to: '2025-01-31',
      }),
    );
    await expect(text).toMatchFileSnapshot('../../src/features/history/queries/history.repository.sql');
  });
});
