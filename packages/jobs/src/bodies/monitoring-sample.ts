// monitoring.sample: for every line with inspections, selects the inspections of its last period for
// verification by the line's option (random / active learning / manual; rate and count). A line already
// sampled since the run's day began is skipped, so several servers enqueueing at 00:00 sample once.
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { DEFAULT_VERIFICATION_OPTION, selectSamples } from '@sightline/domain';
import { inspections, verificationOptions, type Db } from '@sightline/db';
import { checkDrift } from './monitoring-drift';

/** Samples one line's period ending at `now`; answers how many inspections were sampled. */
export async function sampleLine(
  db: Db,
  lineId: number,
  now: Date,
  opts: { once?: boolean } = {},
): Promise<number> {
  const [row] = await db.select().from(verificationOptions).where(eq(verificationOptions.lineId, lineId));
  const o = row
    ? {
        method: row.method,
        days: row.periodDays,
        rate: row.samplingRate,
        count: row.samplingCount,
        threshold: row.threshold,
      }
    : {
        method: DEFAULT_VERIFICATION_OPTION.method,
        days: DEFAULT_VERIFICATION_OPTION.period_days,
        rate: DEFAULT_VERIFICATION_OPTION.sampling_rate,
        count: DEFAULT_VERIFICATION_OPTION.sampling_count,
        threshold: DEFAULT_VERIFICATION_OPTION.threshold,
      };
  if (opts.once && row?.lastSampledAt) {
    const dayStart = new Date(now);
    dayStart.setHours(0, 0, 0, 0);
    if (row.lastSampledAt >= new Date(dayStart.getTime() - 60_000)) return 0;
  }
  const from = new Date(now.getTime() - o.days * 86_400_000);
  const candidates = await db
    .select({ id: inspections.id, score: inspections.score })
    .from(inspections)
    .where(
      and(
        eq(inspections.lineId, lineId),
        gte(inspections.createdAt, from),
        lt(inspections.createdAt, now),
        isNull(inspections.sampledAt),
      ),
    );
  const ids = selectSamples(o.method, candidates, {
    rate: o.rate,
    count: o.count,
    threshold: o.threshold,
    seed: Math.floor(now.getTime() / 86_400_000) + lineId,
  });
  let sampled = 0;
  if (ids.length) {
    const r = await db
      .update(inspections)
      .set({ sampledAt: now })
      .where(and(eq(inspections.lineId, lineId), sql`${inspections.id} IN (${sql.join(ids, sql`, `)})`))
      .returning({ id: inspections.id });
    sampled = r.length;
  }
  await db
    .insert(verificationOptions)
    .values({ lineId, lastSampledAt: now })
    .onConflictDoUpdate({ target: verificationOptions.lineId, set: { lastSampledAt: now } });
  return sampled;
}

/** Every line that has inspections in the last 30 days. */
export async function sampleAllLines(
  db: Db,
  now: Date,
): Promise<{ lines: number; sampled: number; drifted: number }> {
  const r = await db.execute<{ line_id: number }>(
    sql`SELECT DISTINCT line_id FROM inspections WHERE created_at >= ${new Date(now.getTime() - 30 * 86_400_000)}`,
  );
  let sampled = 0;
  let drifted = 0;
  for (const { line_id } of r.rows) {
    sampled += await sampleLine(db, line_id, now, { once: true });
    // The daily pass also checks drift (and alerts the project's members once a day at most).
    if ((await checkDrift(db, line_id, { alert: true, now })).drifted) drifted++;
  }
  return { lines: r.rows.length, sampled, drifted };
}
