// Usage figures from recorded rows only: jobs (kind, status, created/started/finished, requestor) and
// processing works. One scope fragment decides whose rows count; one period/project fragment filters.
import { sql, type SQL } from 'drizzle-orm';
import { Role, type Actor, type UsageFilter, type UsageJobListQuery } from '@sightline/domain';
import type { Db } from '@sightline/db';

/** The job group of a kind (NULL for kinds that are not usage: exports, clean-ups, probes). */
export const JOB_GROUP = sql.raw(`CASE
  WHEN j.kind LIKE 'learning.%' THEN 'learning'
  WHEN j.kind = 'evaluation.run' THEN 'inference'
  WHEN j.kind = 'compare.run' THEN 'compare'
  WHEN j.kind LIKE 'processing.%' OR j.kind LIKE 'labeling.%' THEN 'labeling'
END`);

/**
 * Whose rows count. 'mine': rows the caller requested. 'all': roles 1 and 2 see everything, role 3 its
 * company's projects, others the projects they take part in (and their own requests).
 */
export function scopeOf(actor: Actor, scope: UsageFilter['scope'], userCol: SQL, projectCol: SQL): SQL {
  if (scope === 'mine') return sql`${userCol} = ${actor.id}`;
  if (actor.roleId <= Role.ServiceAdmin) return sql`TRUE`;
  if (actor.roleId === Role.CompanyAdmin && actor.companyId !== null)
    return sql`${projectCol} IN (SELECT id FROM projects WHERE company_id = ${actor.companyId})`;
  return sql`(${userCol} = ${actor.id} OR ${projectCol} IN (SELECT project_id FROM project_members WHERE user_id = ${actor.id}))`;
}

function periodOf(f: UsageFilter, createdCol: SQL, projectCol: SQL): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.from) parts.push(sql`${createdCol} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${createdCol} < ${f.to}::date + 1`);
  if (f.project_id) parts.push(sql`${projectCol} = ${f.project_id}`);
  return sql.join(parts, sql` AND `);
}

const jobWhere = (actor: Actor, f: UsageFilter) =>
  sql`${JOB_GROUP} IS NOT NULL AND ${scopeOf(actor, f.scope, sql`j.user_id`, sql`j.project_id`)} AND ${periodOf(f, sql`j.created_at`, sql`j.project_id`)}`;

export interface GroupRow {
  group: string;
  total: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  active: number;
  run_seconds: number;
  avg_wait_seconds: number;
}

export interface JobListRow {
  job_id: string;
  kind: string;
  group: string;
  status: string;
  progress: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  waiting_seconds: number;
  progress_seconds: number | null;
  requestor: string | null;
  work_name: string;
  algorithm: string | null;
  work_type: string | null;
  project_id: number | null;
  project_name: string | null;
}

const num = (v: unknown) => Number(v ?? 0);

export class UsageRepository {
  constructor(private readonly db: Db) {}

  async jobGroups(actor: Actor, f: UsageFilter): Promise<GroupRow[]> {
    const res = await this.db.execute(sql`
      SELECT ${JOB_GROUP} AS "group",
             count(*) AS total,
             count(*) FILTER (WHERE j.status = 'succeeded') AS succeeded,
             count(*) FILTER (WHERE j.status = 'failed') AS failed,
             count(*) FILTER (WHERE j.status = 'cancelled') AS cancelled,
             count(*) FILTER (WHERE j.status IN ('queued', 'running')) AS active,
             coalesce(sum(extract(epoch FROM (coalesce(j.finished_at, now()) - j.started_at)))
                      FILTER (WHERE j.started_at IS NOT NULL), 0) AS run_seconds,
             coalesce(avg(extract(epoch FROM (j.started_at - j.created_at)))
                      FILTER (WHERE j.started_at IS NOT NULL), 0) AS avg_wait_seconds
        FROM jobs j
       WHERE ${jobWhere(actor, f)}
       GROUP BY 1`);
    return res.rows.map((r) => ({
      group: String(r.group),
      total: num(r.total),
      succeeded: num(r.succeeded),
      failed: num(r.failed),
      cancelled: num(r.cancelled),
      active: num(r.active),
      run_seconds: Math.round(num(r.run_seconds) * 10) / 10,
      avg_wait_seconds: Math.round(num(r.avg_wait_seconds) * 10) / 10,
    }));
  }

  async processingKinds(actor: Actor, f: UsageFilter): Promise<Record<string, number>> {
    const res = await this.db.execute(sql`
      SELECT pw.kind, count(*) AS n FROM processing_works pw
       WHERE ${scopeOf(actor, f.scope, sql`pw.created_by`, sql`pw.project_id`)}
         AND ${periodOf(f, sql`pw.created_at`, sql`pw.project_id`)}
       GROUP BY pw.kind`);
    return Object.fromEntries(res.rows.map((r) => [String(r.kind), num(r.n)]));
  }

  async trend(actor: Actor, f: UsageFilter, months: number) {
    const res = await this.db.execute(sql`
      WITH m AS (
        SELECT generate_series(date_trunc('month', now()) - make_interval(months => ${months - 1}),
                               date_trunc('month', now()), interval '1 month') AS month
      ), j AS (
        SELECT date_trunc('month', j.created_at) AS month, ${JOB_GROUP} AS grp, j.created_at, j.started_at,
               j.finished_at
          FROM jobs j WHERE ${jobWhere(actor, f)}
      ), pw AS (
        SELECT date_trunc('month', pw.created_at) AS month, count(*) AS n FROM processing_works pw
         WHERE ${scopeOf(actor, f.scope, sql`pw.created_by`, sql`pw.project_id`)}
           AND ${periodOf(f, sql`pw.created_at`, sql`pw.project_id`)}
         GROUP BY 1
      )
      SELECT to_char(m.month, 'YYYY-MM') AS month,
             count(j.grp) FILTER (WHERE j.grp = 'learning') AS learning,
             count(j.grp) FILTER (WHERE j.grp = 'inference') AS inference,
             count(j.grp) FILTER (WHERE j.grp = 'compare') AS compare,
             count(j.grp) FILTER (WHERE j.grp = 'labeling') AS labeling,
             coalesce(max(pw.n), 0) AS processing,
             coalesce(sum(extract(epoch FROM (coalesce(j.finished_at, now()) - j.started_at)))
                      FILTER (WHERE j.started_at IS NOT NULL), 0) / 3600 AS run_hours,
             coalesce(avg(extract(epoch FROM (j.started_at - j.created_at)))
                      FILTER (WHERE j.started_at IS NOT NULL), 0) / 60 AS avg_wait_minutes
        FROM m LEFT JOIN j ON j.month = m.month LEFT JOIN pw ON pw.month = m.month
       GROUP BY m.month ORDER BY m.month`);
    return res.rows.map((r) => ({
      month: String(r.month),
      learning: num(r.learning),
      inference: num(r.inference),
      compare: num(r.compare),
      labeling: num(r.labeling),
      processing: num(r.processing),
      run_hours: Math.round(num(r.run_hours) * 1000) / 1000,
      avg_wait_minutes: Math.round(num(r.avg_wait_minutes) * 100) / 100,
    }));
  }

  async jobs(actor: Actor, q: UsageJobListQuery): Promise<{ rows: JobListRow[]; total: number }> {
    const where = sql`${jobWhere(actor, q)}
      ${q.group !== 'any' ? sql`AND ${JOB_GROUP} = ${q.group}` : sql``}
      ${q.state === 'active' ? sql`AND j.status IN ('queued', 'running')` : sql``}
      ${q.state === 'finished' ? sql`AND j.status IN ('succeeded', 'failed', 'cancelled')` : sql``}`;
    // Running first (longest running on top), then waiting (longest waiting on top), then newest.
    const res = await this.db.execute(sql`
      SELECT j.id AS job_id, j.kind, ${JOB_GROUP} AS "group", j.status, j.progress,
             j.created_at, j.started_at, j.finished_at,
             extract(epoch FROM (coalesce(j.started_at, CASE WHEN j.status = 'queued' THEN now() ELSE j.finished_at END, now()) - j.created_at)) AS waiting_seconds,
             CASE WHEN j.started_at IS NULL THEN NULL
                  ELSE extract(epoch FROM (coalesce(j.finished_at, now()) - j.started_at)) END AS progress_seconds,
             u.name AS requestor,
             coalesce(l.name, e.name, c.name, pw.name, j.kind) AS work_name,
             nullif(coalesce(l.algorithm_name, e.algorithm_name, c.algorithm_name), '') AS algorithm,
             coalesce(l.task, e.task, c.task, pw.task) AS work_type,
             j.project_id, p.title AS project_name
        FROM jobs j
        LEFT JOIN users u ON u.id = j.user_id
        LEFT JOIN projects p ON p.id = j.project_id
        LEFT JOIN learnings l ON l.job_id = j.id
        LEFT JOIN evaluations e ON e.job_id = j.id
        LEFT JOIN LATERAL (SELECT c.name, c.task, ev.algorithm_name FROM compares c
                             LEFT JOIN evaluations ev ON ev.compare_id = c.id AND ev.position = 0
                            WHERE c.job_id = j.id LIMIT 1) c ON TRUE
        LEFT JOIN processing_works pw ON pw.job_id = j.id
       WHERE ${where}
       ORDER BY (j.status = 'running') DESC, (j.status = 'queued') DESC,
                CASE WHEN j.status IN ('running', 'queued') THEN j.created_at END ASC,
                j.created_at DESC, j.id
       LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`);
    const count = await this.db.execute(sql`SELECT count(*) AS n FROM jobs j WHERE ${where}`);
    return {
      rows: res.rows.map((r) => ({
        job_id: String(r.job_id),
        kind: String(r.kind),
        group: String(r.group),
        status: String(r.status),
        progress: num(r.progress),
        created_at: new Date(r.created_at as string),
        started_at: r.started_at ? new Date(r.started_at as string) : null,
        finished_at: r.finished_at ? new Date(r.finished_at as string) : null,
        waiting_seconds: Math.max(0, Math.round(num(r.waiting_seconds))),
        progress_seconds:
          r.progress_seconds === null ? null : Math.max(0, Math.round(num(r.progress_seconds))),
        requestor: (r.requestor as string | null) ?? null,
        work_name: String(r.work_name),
        algorithm: (r.algorithm as string | null) ?? null,
        work_type: (r.work_type as string | null) ?? null,
        project_id: r.project_id === null ? null : num(r.project_id),
        project_name: (r.project_name as string | null) ?? null,
      })),
      total: num(count.rows[0]?.n),
    };
  }
}
