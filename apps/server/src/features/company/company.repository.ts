// Company queries: the list with its counts (projects, lines, company admins, users), lookups, writes.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { Role, type ListQuery, type ListScope } from '@sightline/domain';
import { companies } from '@sightline/db';
import { listPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

const projectCount = sql<number>`(SELECT count(*)::int FROM projects p WHERE p.company_id = "companies"."id")`;
const lineCount = sql<number>`(SELECT count(*)::int FROM lines l JOIN projects p ON p.id = l.project_id WHERE p.company_id = "companies"."id")`;
const adminCount = sql<number>`(SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id" AND u.role_id = ${Role.CompanyAdmin})`;
const userCount = sql<number>`(SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id")`;

const withCounts = {
  id: companies.id,
  name: companies.name,
  createdAt: companies.createdAt,
  projectCount,
  lineCount,
  adminCount,
  userCount,
};
export interface CompanyWithCounts {
  id: number;
  name: string;
  createdAt: Date;
  projectCount: number;
  lineCount: number;
  adminCount: number;
  userCount: number;
}

function scopeFilter(scope: ListScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'company') return eq(companies.id, scope.companyId);
  return sql`false`;
}

export class CompanyRepository {
  constructor(private readonly db: Executor) {}

  async list(scope: ListScope, q: ListQuery): Promise<{ rows: CompanyWithCounts[]; total: number }> {
    const where = and(scopeFilter(scope), textSearch(q.q, [companies.name]));
    const sorts = { name: companies.name, createdAt: companies.createdAt, projectCount, userCount };
    const order = orderFor(q, sorts, 'name', companies.id);
    return listPage(
      this.db,
      this.db.select(withCounts).from(companies).$dynamic(),
      companies,
      where,
      order,
      q,
    );
  }

  async findById(id: number): Promise<CompanyWithCounts | undefined> {
    const [row] = await this.db.select(withCounts).from(companies).where(eq(companies.id, id));
    return row;
  }

  /** Company names are unique regardless of case and surrounding spaces. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          sql`lower(${companies.name}) = lower(${name.trim()})`,
          exceptId ? ne(companies.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  async insert(name: string): Promise<number> {
    const [row] = await this.db.insert(companies).values({ name }).returning({ id: companies.id });
    return row!.id;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db
      .update(companies)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(companies.id, id));
  }
}
