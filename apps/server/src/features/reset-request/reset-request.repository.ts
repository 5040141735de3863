// Password-reset requests: the public insert, the scoped admin list, and status changes.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, ListScope, ResetRequestStatus } from '@sightline/domain';
import { companies, passwordResetRequests as r, users } from '@sightline/db';
import { onPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export interface ResetRequestJoined {
  id: number;
  username: string;
  status: ResetRequestStatus;
  requestedAt: Date;
  handledAt: Date | null;
  handledBy: number | null;
  handledByUsername: string | null;
  userId: number | null;
  userName: string | null;
  userDepartment: string | null;
  userRoleId: number | null;
  companyId: number | null;
  companyName: string | null;
}

const handler = sql<
  string | null
>`(SELECT h.username FROM users h WHERE h.id = "password_reset_requests"."handled_by")`;
const columns = {
  id: r.id,
  username: r.username,
  status: r.status,
  requestedAt: r.requestedAt,
  handledAt: r.handledAt,
  handledBy: r.handledBy,
  handledByUsername: handler,
  userId: users.id,
  userName: users.name,
  userDepartment: users.department,
  userRoleId: users.roleId,
  companyId: users.companyId,
  companyName: companies.name,
};

function scopeFilter(scope: ListScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  // A company admin sees requests of its company's accounts; unknown IDs belong to no company.
  if (scope.kind === 'company') return eq(users.companyId, scope.companyId);
  return sql`false`;
}

export class ResetRequestRepository {
  constructor(private readonly db: Executor) {}

  private base() {
    return this.db
      .select(columns)
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .leftJoin(companies, eq(companies.id, users.companyId));
  }

  async list(
    scope: ListScope,
    q: ListQuery,
    status?: ResetRequestStatus,
  ): Promise<{ rows: ResetRequestJoined[]; total: number }> {
    const where = and(
      scopeFilter(scope),
      status ? eq(r.status, status) : undefined,
      textSearch(q.q, [r.username, users.name]),
    );
    const sorts = { requestedAt: r.requestedAt, username: r.username, status: r.status };
    const rows = await onPage(
      this.base()
        .where(where)
        .orderBy(...orderFor(q, sorts, 'requestedAt', r.id, 'desc'))
        .$dynamic(),
      q,
    );
    const [t] = await this.db
      .select({ n: count() })
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .where(where);
    return { rows: rows as ResetRequestJoined[], total: t?.n ?? 0 };
  }

  async find(id: number): Promise<ResetRequestJoined | undefined> {
    const [row] = await this.base().where(eq(r.id, id));
    return row as ResetRequestJoined | undefined;
  }

  async pendingFor(username: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: r.id })
      .from(r)
      .where(and(sql`lower(${r.username}) = lower(${username})`, eq(r.status, 'unprocessed')))
      .limit(1);
    return !!row;
  }

  /** Inserts a pending request; false when one is already pending (unique partial index). */
  async insert(username: string, userId: number | null): Promise<boolean> {
    const rows = await this.db
      .insert(r)
      .values({ username, userId })
      .onConflictDoNothing()
      .returning({ id: r.id });
    return rows.length > 0;
  }

  async close(id: number, status: 'changed' | 'invalid', handledBy: number): Promise<void> {
    await this.db
      .update(r)
      .set({ status, handledAt: sql`now()`, handledBy })
      .where(and(eq(r.id, id), eq(r.status, 'unprocessed')));
  }

  async countPending(): Promise<number> {
    const [t] = await this.db.select({ n: count() }).from(r).where(eq(r.status, 'unprocessed'));
    return t?.n ?? 0;
  }
}
