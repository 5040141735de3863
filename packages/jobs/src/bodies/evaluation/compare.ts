// compare.run: one evaluation per model (sequential) on the same dataset, materialised once; then the
// disagreement count (images where the models' predicted classes differ) and the compare's status.
import { and, asc, eq, sql } from 'drizzle-orm';
import { compares, evaluations, type Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import {
  compareLockRef,
  materializeFor,
  releaseDatasetLock,
  runEvaluation,
  type EvaluationOutcome,
} from './run';

export interface CompareRunInput {
  db: Db;
  storage: Storage;
  cacheDir: string;
  compareId: number;
  progress(pct: number, message?: string): Promise<void>;
  signal: AbortSignal;
  log?: (m: string) => void;
}

/** Images of a compare's evaluations where at least two models predicted a different class. */
export async function countDisagreements(db: Db, compareId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT r.image_id FROM evaluation_results r JOIN evaluations e ON e.id = r.evaluation_id
      WHERE e.compare_id = ${compareId} AND r.image_id IS NOT NULL
      GROUP BY r.image_id
      HAVING count(DISTINCT coalesce(r.predicted_class, -1)) > 1) d`);
  return res.rows[0]?.n ?? 0;
}

export async function runCompare(
  input: CompareRunInput,
): Promise<{ compareId: number; outcome: EvaluationOutcome }> {
  const { db, compareId: id, signal } = input;
  const [cmp] = await db.select().from(compares).where(eq(compares.id, id));
  if (!cmp || ['done', 'error', 'canceled'].includes(cmp.status))
    return { compareId: id, outcome: 'skipped' };
  const evals = await db
    .select()
    .from(evaluations)
    .where(eq(evaluations.compareId, id))
    .orderBy(asc(evaluations.position));
  const set = (s: Partial<typeof compares.$inferInsert>) =>
    db.update(compares).set(s).where(eq(compares.id, id));
  await set({ status: 'running', startedAt: cmp.startedAt ?? new Date() });
  let outcome: EvaluationOutcome = 'done';
  try {
    const n = Math.max(1, evals.length);
    const progressOf = async (base: number, pct: number, message?: string) => {
      const p = Math.floor(base + pct / (n + 1));
      await set({ progress: p });
      await input.progress(p, message);
    };
    let mat;
    try {
      mat = await materializeFor(
        db,
        input.storage,
        input.cacheDir,
        cmp,
        signal,
        (d, t) => void progressOf(0, (d / Math.max(1, t)) * 100, `decoding ${d}/${t}`),
      );
    } catch (err) {
      if (signal.aborted && signal.reason !== 'cancelled') throw err;
      const code = (err as { code?: unknown }).code;
      for (const e of evals)
        await db
          .update(evaluations)
          .set({
            status: 'error',
            errorCode: typeof code === 'string' ? code : 'EVALUATION_FAILED',
            errorMessage: String((err as Error).message ?? err),
            finishedAt: new Date(),
          })
          .where(
            and(eq(evaluations.id, e.id), sql`${evaluations.status} NOT IN ('done','error','canceled')`),
          );
      outcome = signal.aborted ? 'canceled' : 'error';
    }
    if (mat) {
      for (const [i, e] of evals.entries()) {
        const base = (100 * (i + 1)) / (n + 1);
        const r = await runEvaluation({
          db,
          storage: input.storage,
          cacheDir: input.cacheDir,
          evaluationId: e.id,
          signal,
          materialized: mat,
          log: input.log,
          progress: (p, m) => progressOf(base, p, m),
        });
        if (r === 'canceled') outcome = 'canceled';
        else if (r === 'error' && outcome === 'done') outcome = 'error';
      }
    }
    const [now] = await db.select({ status: compares.status }).from(compares).where(eq(compares.id, id));
    if (now?.status === 'canceling') outcome = 'canceled';
    if (outcome === 'canceled') {
      // Models not reached yet are canceled too.
      await db
        .update(evaluations)
        .set({ status: 'canceled', canceledAt: new Date(), finishedAt: new Date() })
        .where(
          and(eq(evaluations.compareId, id), sql`${evaluations.status} NOT IN ('done','error','canceled')`),
        );
      await set({ status: 'canceled', canceledAt: new Date(), finishedAt: new Date() });
    } else {
      const [first] = await db
        .select({ code: evaluations.errorCode, message: evaluations.errorMessage })
        .from(evaluations)
        .where(and(eq(evaluations.compareId, id), eq(evaluations.status, 'error')))
        .limit(1);
      await set({
        status: outcome === 'done' ? 'done' : 'error',
        progress: 100,
        disagreements: await countDisagreements(db, id),
        errorCode: first?.code ?? null,
        errorMessage: first?.message ?? null,
        finishedAt: new Date(),
      });
    }
    await releaseDatasetLock(db, cmp.datasetId, compareLockRef(id));
    return { compareId: id, outcome };
  } catch (err) {
    // Worker shutdown: the job is retried; the lock stays with it.
    await set({ status: 'waiting' });
    throw err;
  }
}
