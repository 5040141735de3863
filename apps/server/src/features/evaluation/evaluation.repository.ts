// Queries of performance evaluations (and the compare rows' evaluations): the list, one row, result rows
// for the image grid with confusion-matrix / correct / live-threshold filters, and the learning and
// dataset facts a request is checked against. learnings are read with SQL (their table: 0300_learning.sql).
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  datasetLocks,
  datasets,
  evaluationResults,
  evaluations,
  users,
  type Db,
  type EvaluationClass,
  type EvaluationRow,
  type NewEvaluationRow,
} from '@sightline/db';
import type { ResultQuery } from '@sightline/domain';
import type { Executor, Tx } from '../../common/tx';
import { countWhere, splitTotal, textSearch, totalOver } from '../../common/list-query';
import type { EvaluationListRow } from './evaluation.mapper';

export interface LearningFacts {
  id: number;
  project_id: number;
  name: string;
  task: 'cf' | 'od' | 'sg' | 'ad';
  status: string;
  classes: EvaluationClass[];
  algorithm_id: number | null;
  algorithm_name: string;
  engine_key: string;
}

const queuePosition = sql<number>`(SELECT count(*)::int + 1 FROM evaluations w
  WHERE w.status = 'waiting' AND w.compare_id IS NULL
    AND (w.requested_at, w.id) < (${evaluations.requestedAt}, ${evaluations.id}))`;

const listColumns = {
  e: evaluations,
  username: users.username,
  userName: users.name,
  queuePosition,
};

export class EvaluationRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async learnings(q: Executor, ids: number[]): Promise<LearningFacts[]> {
    if (!ids.length) return [];
    const res = await q.execute<LearningFacts & Record<string, unknown>>(sql`
      SELECT l.id, l.project_id, l.name, l.task, l.status, l.classes, l.algorithm_id, l.algorithm_name, l.engine_key
      FROM learnings l WHERE l.id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    return res.rows;
  }

  async dataset(q: Executor, id: number) {
    const [d] = await q.select().from(datasets).where(eq(datasets.id, id));
    return d;
  }

  /** Row lock on the dataset: taking an evaluation lock and deleting images cannot interleave. */
  async lockDatasetRow(q: Executor, datasetId: number) {
    await q.execute(sql`SELECT id FROM datasets WHERE id = ${datasetId} FOR UPDATE`);
  }

  async addLock(q: Executor, datasetId: number, ref: string) {
    await q.insert(datasetLocks).values({ datasetId, ref, reason: 'verification' }).onConflictDoNothing();
  }

  /** A compare canceled while waiting: its evaluations that have not finished are canceled with it. */
  async cancelUnfinishedOfCompare(q: Executor, compareId: number, at: Date) {
    await q
      .update(evaluations)
      .set({ status: 'canceled', canceledAt: at, finishedAt: at })
      .where(
        and(
          eq(evaluations.compareId, compareId),
          sql`${evaluations.status} NOT IN ('done','error','canceled')`,
        ),
      );
  }

  async removeLock(q: Executor, datasetId: number | null, ref: string) {
    if (datasetId == null) return;
    await q.delete(datasetLocks).where(and(eq(datasetLocks.datasetId, datasetId), eq(datasetLocks.ref, ref)));
  }

  async insert(q: Executor, values: NewEvaluationRow): Promise<EvaluationRow> {
    const [row] = await q.insert(evaluations).values(values).returning();
    return row!;
  }

  async update(id: number, set: Partial<NewEvaluationRow>, q: Executor = this.db) {
    await q.update(evaluations).set(set).where(eq(evaluations.id, id));
  }

  async find(id: number, q: Executor = this.db): Promise<EvaluationListRow | undefined> {
    const [r] = await q
      .select(listColumns)
      .from(evaluations)
      .leftJoin(users, eq(users.id, evaluations.requestedBy))
      .where(eq(evaluations.id, id));
    return r;
  }

  async forCompare(compareId: number): Promise<EvaluationListRow[]> {
    return this.db
      .select(listColumns)
      .from(evaluations)
      .leftJoin(users, eq(users.id, evaluations.requestedBy))
      .where(eq(evaluations.compareId, compareId))
      .orderBy(asc(evaluations.position));
  }

  async list(q: { project_id: number; status?: string; search?: string; page: number; perPage: number }) {
    const where = and(
      eq(evaluations.projectId, q.project_id),
      isNull(evaluations.compareId),
      q.status ? eq(evaluations.status, q.status as EvaluationRow['status']) : undefined,
      textSearch(q.search, [evaluations.name, evaluations.modelName, evaluations.datasetName]),
    );
    const rows = await this.db
      .select(listColumns)
      .from(evaluations)
      .leftJoin(users, eq(users.id, evaluations.requestedBy))
      .where(where)
      .orderBy(desc(evaluations.requestedAt), desc(evaluations.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage);
    const [t] = await this.db.select({ n: count() }).from(evaluations).where(where);
    return { rows, total: t?.n ?? 0 };
  }

  async delete(id: number) {
    await this.db.delete(evaluations).where(eq(evaluations.id, id));
  }

  async overlayKeys(evaluationIds: number[]): Promise<string[]> {
    if (!evaluationIds.length) return [];
    const rows = await this.db
      .select({ key: evaluationResults.overlayKey, truth: evaluationResults.truthKey })
      .from(evaluationResults)
      .where(
        sql`${evaluationResults.evaluationId} IN (${sql.join(
          evaluationIds.map((i) => sql`${i}`),
          sql`, `,
        )}) AND (${evaluationResults.overlayKey} IS NOT NULL OR ${evaluationResults.truthKey} IS NOT NULL)`,
      );
    return rows.flatMap((r) => [r.key, r.truth].filter((k): k is string => k != null));
  }

  /** The predicted overlay of an image, or with `truth` its ground-truth mask (sg). */
  async overlayKey(evaluationId: number, imageId: string, truth = false): Promise<string | null> {
    const [r] = await this.db
      .select({ key: truth ? evaluationResults.truthKey : evaluationResults.overlayKey })
      .from(evaluationResults)
      .where(and(eq(evaluationResults.evaluationId, evaluationId), eq(evaluationResults.imageId, imageId)));
    return r?.key ?? null;
  }

  /**
   * Result rows of the image grid. With `threshold` (ad), the prediction and correctness are re-judged at
   * that threshold (score ≥ threshold is NG = class 1) before filtering.
   */
  async results(evaluationId: number, task: string, q: ResultQuery) {
    const r = evaluationResults;
    const live = task === 'ad' && q.threshold !== undefined;
    const predicted: SQL<number | null> = live
      ? sql<number>`(CASE WHEN ${r.score} >= ${q.threshold} THEN 1 ELSE 0 END)::smallint`
      : sql<number | null>`${r.predictedClass}`;
    const correct: SQL<boolean | null> = live
      ? sql<boolean>`((${r.score} >= ${q.threshold}) = (${r.trueClass} = 1))`
      : sql<boolean | null>`${r.correct}`;
    const where = and(
      eq(r.evaluationId, evaluationId),
      q.filter === 'correct'
        ? sql`${correct} IS TRUE`
        : q.filter === 'wrong'
          ? sql`${correct} IS FALSE`
          : undefined,
      q.true_class !== undefined ? eq(r.trueClass, q.true_class) : undefined,
      q.predicted_class !== undefined ? sql`${predicted} = ${q.predicted_class}` : undefined,
    );
    const dir = q.order === 'desc' ? desc : asc;
    const order =
      q.sort === 'score' ? [dir(r.score), dir(r.fileName), asc(r.id)] : [dir(r.fileName), asc(r.id)];
    const rows = await this.db
      .select({
        id: r.id,
        imageId: r.imageId,
        fileName: r.fileName,
        trueClass: r.trueClass,
        predictedClass: predicted,
        score: r.score,
        correct,
        predBoxes: r.predBoxes,
        trueBoxes: r.trueBoxes,
        overlayKey: r.overlayKey,
        truthKey: r.truthKey,
        _total: totalOver(),
      })
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage);
    return splitTotal(rows, () => countWhere(this.db, r, where));
  }
}
