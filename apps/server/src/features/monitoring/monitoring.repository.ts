// Monitoring queries: lines and their keys, deployments (model history with inference aggregates),
// inspections (insert, search, report buckets, status window), verification options and samples.
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  inspections,
  learnings,
  lineApiKeys,
  lineDeployments,
  lines,
  users,
  verificationOptions,
  type InspectionRowDb,
  type LineDeploymentRow,
} from '@sightline/db';
import type { Executor } from '../../common/tx';

export type NewInspection = typeof inspections.$inferInsert;
export interface InferenceAggregate {
  count: number;
  last: Date | null;
  verified: number;
  agreed: number;
}
export type DeploymentWithStats = LineDeploymentRow & {
  deployedByName: string | null;
  inference: InferenceAggregate;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class MonitoringRepository {
  constructor(readonly db: Executor) {}

  async line(lineId: number) {
    const [row] = await this.db.select().from(lines).where(eq(lines.id, lineId));
    return row;
  }

  async lineByCode(projectId: number, code: string) {
    const [row] = await this.db
      .select()
      .from(lines)
      .where(and(eq(lines.projectId, projectId), sql`lower(${lines.code}) = lower(${code})`));
    return row;
  }

  // ---- keys ----
  async keyByHash(hash: string) {
    const [row] = await this.db
      .select({ key: lineApiKeys, line: lines })
      .from(lineApiKeys)
      .innerJoin(lines, eq(lines.id, lineApiKeys.lineId))
      .where(eq(lineApiKeys.keyHash, hash));
    return row;
  }

  /** last_used_at, written at most once a minute per key. */
  async touchKey(id: number) {
    await this.db
      .update(lineApiKeys)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(lineApiKeys.id, id),
          sql`(${lineApiKeys.lastUsedAt} IS NULL OR ${lineApiKeys.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
  }

  keys(lineId: number) {
    return this.db
      .select()
      .from(lineApiKeys)
      .where(eq(lineApiKeys.lineId, lineId))
      .orderBy(desc(lineApiKeys.createdAt), desc(lineApiKeys.id));
  }

  async key(id: number) {
    const [row] = await this.db.select().from(lineApiKeys).where(eq(lineApiKeys.id, id));
    return row;
  }

  async insertKey(v: typeof lineApiKeys.$inferInsert) {
    const [row] = await this.db.insert(lineApiKeys).values(v).returning();
    return row!;
  }

  async revokeKey(id: number) {
    const [row] = await this.db
      .update(lineApiKeys)
      .set({ revokedAt: sql`coalesce(${lineApiKeys.revokedAt}, now())` })
      .where(eq(lineApiKeys.id, id))
      .returning();
    return row!;
  }

  // ---- deployments ----
  async learning(id: number) {
    const [row] = await this.db.select().from(learnings).where(eq(learnings.id, id));
    return row;
  }

  /** Models a line may run: the project's done learnings with stored model files. */
  deployableModels(projectId: number) {
    return this.db
      .select({
        id: learnings.id,
        name: learnings.name,
        task: learnings.task,
        algorithm: learnings.algorithmName,
        metrics: learnings.metrics,
        finishedAt: learnings.finishedAt,
      })
      .from(learnings)
      .where(
        and(
          eq(learnings.projectId, projectId),
          eq(learnings.status, 'done'),
          isNotNull(learnings.modelPrefix),
        ),
      )
      .orderBy(desc(learnings.finishedAt), desc(learnings.id))
      .limit(200);
  }

  async datasetImageCount(datasetId: number | null): Promise<number | null> {
    if (datasetId == null) return null;
    const r = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM dataset_images WHERE dataset_id = ${datasetId}`,
    );
    return r.rows[0]?.n ?? null;
  }

  async activeDeployment(lineId: number) {
    const [row] = await this.db
      .select()
      .from(lineDeployments)
      .where(and(eq(lineDeployments.lineId, lineId), eq(lineDeployments.active, true)));
    return row;
  }

  async deployment(id: number) {
    const [row] = await this.db.select().from(lineDeployments).where(eq(lineDeployments.id, id));
    return row;
  }

  /** The model history of a line, newest first, with what each deployment inspected. */
  async deployments(lineId: number, limit = 100): Promise<DeploymentWithStats[]> {
    const rows = await this.db
      .select({ d: lineDeployments, by: users.name })
      .from(lineDeployments)
      .leftJoin(users, eq(users.id, lineDeployments.deployedBy))
      .where(eq(lineDeployments.lineId, lineId))
      .orderBy(desc(lineDeployments.deployedAt), desc(lineDeployments.id))
      .limit(limit);
    const stats = await this.inferenceStats(rows.map((r) => r.d.id));
    return rows.map((r) => ({ ...r.d, deployedByName: r.by, inference: stats.get(r.d.id) ?? emptyStats() }));
  }

  async inferenceStats(ids: number[]): Promise<Map<number, InferenceAggregate>> {
    const out = new Map<number, InferenceAggregate>();
    if (!ids.length) return out;
    const r = await this.db.execute<{
      id: number;
      n: number;
      last: string | null;
      verified: number;
      agreed: number;
    }>(sql`
      SELECT deployment_id AS id, count(*)::int AS n, max(created_at) AS last,
        count(verified_judgement)::int AS verified,
        count(*) FILTER (WHERE verified_judgement = judgement)::int AS agreed
      FROM inspections WHERE deployment_id IN (${sql.join(ids, sql`, `)}) GROUP BY deployment_id`);
    for (const x of r.rows)
      out.set(x.id, {
        count: x.n,
        last: x.last ? new Date(x.last) : null,
        verified: x.verified,
        agreed: x.agreed,
      });
    return out;
  }

  async insertDeployment(v: typeof lineDeployments.$inferInsert) {
    const [row] = await this.db.insert(lineDeployments).values(v).returning();
    return row!;
  }

  async endActive(lineId: number) {
    await this.db
      .update(lineDeployments)
      .set({ active: false, endedAt: new Date() })
      .where(and(eq(lineDeployments.lineId, lineId), eq(lineDeployments.active, true)));
  }

  async setReference(id: number, reference: LineDeploymentRow['reference']) {
    await this.db.update(lineDeployments).set({ reference }).where(eq(lineDeployments.id, id));
  }

  // ---- inspections ----
  async insertInspections(rows: NewInspection[]): Promise<InspectionRowDb[]> {
    if (!rows.length) return [];
    return this.db.insert(inspections).values(rows).onConflictDoNothing().returning();
  }

  async byRequestIds(lineId: number, ids: string[]): Promise<InspectionRowDb[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(inspections)
      .where(
        and(eq(inspections.lineId, lineId), sql`${inspections.requestId} IN (${sql.join(ids, sql`, `)})`),
      );
  }

  async inspection(id: string) {
    const [row] = await this.db.select().from(inspections).where(eq(inspections.id, id));
    return row;
  }

  searchWhere(
    lineId: number,
    q: {
      from?: Date;
      to?: Date;
      serial?: string;
      judgement?: 'OK' | 'NG';
      className?: string;
      sampled?: boolean;
    },
  ) {
    const parts: (SQL | undefined)[] = [eq(inspections.lineId, lineId)];
    if (q.from) parts.push(gte(inspections.createdAt, q.from));
    if (q.to) parts.push(lt(inspections.createdAt, q.to));
    if (q.serial) parts.push(ilike(inspections.serialNumber, `%${likeEscape(q.serial)}%`));
    if (q.judgement) parts.push(eq(inspections.judgement, q.judgement));
    if (q.className) parts.push(eq(inspections.className, q.className));
    if (q.sampled) parts.push(isNotNull(inspections.sampledAt));
    return and(...parts);
  }

  async search(where: SQL | undefined, page: number, perPage: number) {
    const rows = await this.db
      .select()
      .from(inspections)
      .where(where)
      .orderBy(desc(inspections.createdAt), desc(inspections.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(inspections)
      .where(where);
    return { rows, total };
  }

  /** Rows for a CSV export (newest first, capped). */
  exportRows(where: SQL | undefined, limit = 100_000) {
    return this.db.select().from(inspections).where(where).orderBy(desc(inspections.createdAt)).limit(limit);
  }

  async buckets(lineId: number, from: Date, to: Date, hours: number) {
    const r = await this.db.execute<{
      start: string;
      judgement: 'OK' | 'NG';
      class_name: string | null;
      n: number;
    }>(sql`
      SELECT to_timestamp(floor(extract(epoch FROM created_at) / ${hours * 3600}) * ${hours * 3600}) AS start,
        judgement, class_name, count(*)::int AS n
      FROM inspections WHERE line_id = ${lineId} AND created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2, 3 ORDER BY 1`);
    return r.rows.map((x) => ({ ...x, start: new Date(x.start) }));
  }

  async window(lineId: number, since: Date) {
    const r = await this.db.execute<{
      total: number;
      ok: number;
      ng: number;
      p50: number | null;
      p95: number | null;
    }>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE judgement = 'OK')::int AS ok,
        count(*) FILTER (WHERE judgement = 'NG')::int AS ng,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95
      FROM inspections WHERE line_id = ${lineId} AND created_at >= ${since}`);
    return r.rows[0]!;
  }

  recentNg(lineId: number, limit: number) {
    return this.db
      .select()
      .from(inspections)
      .where(and(eq(inspections.lineId, lineId), eq(inspections.judgement, 'NG')))
      .orderBy(desc(inspections.createdAt), desc(inspections.id))
      .limit(limit);
  }

  // ---- verification ----
  async option(lineId: number) {
    const [row] = await this.db
      .select()
      .from(verificationOptions)
      .where(eq(verificationOptions.lineId, lineId));
    return row;
  }

  async saveOption(v: typeof verificationOptions.$inferInsert) {
    const [row] = await this.db
      .insert(verificationOptions)
      .values(v)
      .onConflictDoUpdate({
        target: verificationOptions.lineId,
        set: { ...v, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }

  allOptions() {
    return this.db.select().from(verificationOptions);
  }

  /** Unsampled inspections of a period (the sampling candidates). */
  candidates(lineId: number, from: Date, to: Date) {
    return this.db
      .select({ id: inspections.id, score: inspections.score, judgement: inspections.judgement })
      .from(inspections)
      .where(
        and(
          eq(inspections.lineId, lineId),
          gte(inspections.createdAt, from),
          lt(inspections.createdAt, to),
          isNull(inspections.sampledAt),
        ),
      );
  }

  async markSampled(ids: string[], lineId: number) {
    if (!ids.length) return 0;
    const r = await this.db
      .update(inspections)
      .set({ sampledAt: new Date() })
      .where(and(eq(inspections.lineId, lineId), sql`${inspections.id} IN (${sql.join(ids, sql`, `)})`))
      .returning({ id: inspections.id });
    await this.db
      .update(verificationOptions)
      .set({ lastSampledAt: new Date() })
      .where(eq(verificationOptions.lineId, lineId));
    return r.length;
  }

  async verify(id: string, v: { judgement: 'OK' | 'NG'; className: string | null; userId: number }) {
    const [row] = await this.db
      .update(inspections)
      .set({
        verifiedJudgement: v.judgement,
        verifiedClass: v.className,
        verifiedBy: v.userId,
        verifiedAt: new Date(),
      })
      .where(eq(inspections.id, id))
      .returning();
    return row!;
  }

  verifiedPairs(lineId: number, since?: Date) {
    return this.db
      .select({
        id: inspections.id,
        judged: inspections.judgement,
        truth: inspections.verifiedJudgement,
        className: inspections.className,
        verifiedClass: inspections.verifiedClass,
        originalKey: inspections.originalKey,
        serial: inspections.serialNumber,
        result: inspections.result,
      })
      .from(inspections)
      .where(
        and(
          eq(inspections.lineId, lineId),
          isNotNull(inspections.verifiedJudgement),
          since ? gte(inspections.createdAt, since) : undefined,
        ),
      );
  }

  /** Score and image statistics of recent inspections of a deployment (drift). */
  async recentStats(deploymentId: number, limit: number, oldest = false) {
    return this.db
      .select({ score: inspections.score, stats: inspections.stats })
      .from(inspections)
      .where(eq(inspections.deploymentId, deploymentId))
      .orderBy(oldest ? inspections.createdAt : desc(inspections.createdAt))
      .limit(limit);
  }
}

const emptyStats = (): InferenceAggregate => ({ count: 0, last: null, verified: 0, agreed: 0 });
