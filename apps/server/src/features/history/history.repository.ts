// Queries over audit_log for /admin/history and the dashboard's recent activity.
import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@sightline/domain';
import type { Db } from '@sightline/db';
import { auditLog, users } from '@sightline/db';
import { listPage, orderFor } from '../../common/list-query';

export interface HistoryFilter {
  actorId?: number;
  action?: string;
  entityType?: string;
  from?: string;
  to?: string;
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  companyId: auditLog.companyId,
  before: auditLog.before,
  after: auditLog.after,
  actorId: auditLog.actorId,
  actorUsername: auditLog.actorUsername,
  actorName: users.name,
};
export interface HistoryRow {
  id: number;
  at: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  companyId: number | null;
  before: unknown;
  after: unknown;
  actorId: number | null;
  actorUsername: string | null;
  actorName: string | null;
}

export class HistoryRepository {
  constructor(private readonly db: Db) {}

  private where(f: HistoryFilter, q?: string): SQL | undefined {
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    return and(
      f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
      f.action ? eq(auditLog.action, f.action) : undefined,
      f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
      // Calendar dates are inclusive: `to` covers the whole day.
      f.from ? gte(auditLog.at, sql`${f.from}::date`) : undefined,
      f.to ? lt(auditLog.at, sql`${f.to}::date + 1`) : undefined,
      pattern
        ? or(
            ilike(auditLog.action, pattern),
            ilike(auditLog.entityType, pattern),
            ilike(auditLog.actorUsername, pattern),
            ilike(auditLog.entityId, pattern),
          )
        : undefined,
    );
  }

  async list(q: ListQuery, f: HistoryFilter): Promise<{ rows: HistoryRow[]; total: number }> {
    const where = this.where(f, q.q);
    const sorts = { at: auditLog.at, action: auditLog.action, entityType: auditLog.entityType };
    const order = orderFor(q, sorts, 'at', auditLog.id, 'desc');
    const { rows, total } = await listPage(this.db, this.withActor().$dynamic(), auditLog, where, order, q);
    return { rows: rows as HistoryRow[], total };
  }

  async recent(limit: number): Promise<HistoryRow[]> {
    return (await this.withActor()
      .orderBy(sql`${auditLog.at} DESC, ${auditLog.id} DESC`)
      .limit(limit)) as HistoryRow[];
  }

  /** Audit rows with the acting account's columns (rows of deleted accounts kept). */
  private withActor() {
    return this.db.select(columns).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId));
  }
}
