// The admin dashboard's counts in one round trip.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../common/tx';

export interface DashboardCounts {
  companies: number;
  projects: number;
  lines: number;
  users: number;
  runningJobs: number;
  pendingResetRequests: number;
}

export class DashboardRepository {
  constructor(private readonly db: Executor) {}

  async counts(): Promise<DashboardCounts> {
    const res = await this.db.execute<{ [K in keyof DashboardCounts]: number }>(sql`
      SELECT
        (SELECT count(*)::int FROM companies) AS companies,
        (SELECT count(*)::int FROM projects) AS projects,
        (SELECT count(*)::int FROM lines) AS lines,
        (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM jobs WHERE status = 'running') AS "runningJobs",
        (SELECT count(*)::int FROM password_reset_requests WHERE status = 'unprocessed') AS "pendingResetRequests"`);
    return res.rows[0]!;
  }
}
