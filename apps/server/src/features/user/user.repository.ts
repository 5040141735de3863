// Queries on users and their project memberships.
import { eq, sql } from 'drizzle-orm';
import type { ProjectPermissionId } from '@sightline/domain';
import type { Db } from '@sightline/db';
import { projectMembers, users, type UserRow } from '@sightline/db';

// Built once per repository and prepared by name: it runs on every authenticated request, so neither
// the query builder nor PostgreSQL's parser and planner should see it again.
const actorQuery = (db: Db) =>
  db
    .select({
      user: users,
      permissions: sql<Record<string, ProjectPermissionId[]> | null>`(
          SELECT json_object_agg(m.project_id, m.permissions) FROM project_members m WHERE m.user_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_actor');

export class UserRepository {
  private readonly actorQuery: ReturnType<typeof actorQuery>;

  constructor(private readonly db: Db) {
    this.actorQuery = actorQuery(db);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.query.users.findFirst({ where: eq(users.id, id) });
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.query.users.findFirst({ where: eq(users.username, username) });
  }

  /** The user row and its projectId → permission ids in one round trip (every authenticated request). */
  async findWithPermissions(
    id: number,
  ): Promise<{ user: UserRow; permissions: Record<number, ProjectPermissionId[]> } | undefined> {
    const [row] = await this.actorQuery.execute({ id });
    if (!row) return undefined;
    const permissions: Record<number, ProjectPermissionId[]> = {};
    for (const [k, v] of Object.entries(row.permissions ?? {})) permissions[Number(k)] = v;
    return { user: row.user, permissions };
  }

  /** projectId → permission ids, for the Actor. */
  async projectPermissions(userId: number): Promise<Record<number, ProjectPermissionId[]>> {
    const rows = await this.db
      .select({ projectId: projectMembers.projectId, permissions: projectMembers.permissions })
      .from(projectMembers)
      .where(eq(projectMembers.userId, userId));
    return Object.fromEntries(rows.map((r) => [r.projectId, r.permissions as ProjectPermissionId[]]));
  }

  /** Counts a failed login; locks the account for lockMinutes once maxFailures is reached. */
  async recordFailedLogin(
    id: number,
    maxFailures: number,
    lockMinutes: number,
  ): Promise<{ locked: boolean }> {
    const [row] = await this.db
      .update(users)
      .set({
        failedLogins: sql`CASE WHEN ${users.failedLogins} + 1 >= ${maxFailures} THEN 0 ELSE ${users.failedLogins} + 1 END`,
        lockedUntil: sql`CASE WHEN ${users.failedLogins} + 1 >= ${maxFailures} THEN now() + make_interval(mins => ${lockMinutes}) ELSE ${users.lockedUntil} END`,
      })
      .where(eq(users.id, id))
      .returning({ lockedUntil: users.lockedUntil });
    return { locked: !!row?.lockedUntil && row.lockedUntil > new Date() };
  }

  async clearFailedLogins(id: number): Promise<void> {
    await this.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, id));
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({
        passwordHash,
        resetByAdmin: false,
        passwordChangedAt: sql`now()`,
        passwordAlarmSnoozedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
  }

  async snoozePasswordAlarm(id: number, until: Date): Promise<void> {
    await this.db.update(users).set({ passwordAlarmSnoozedUntil: until }).where(eq(users.id, id));
  }
}
