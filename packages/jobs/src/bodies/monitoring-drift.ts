// Drift of a line against its deployment's reference: the distributions of the judgement score and of
// simple image statistics (brightness, contrast, sharpness) of the latest inspections, compared with the
// first inspections after deployment (the reference, kept on the deployment row once there are enough)
// by the population stability index. A shift beyond DRIFT_PSI_THRESHOLD alerts the project's members
// (a monitoring notification, at most once a day per deployment).
import { and, desc, asc, eq, sql } from 'drizzle-orm';
import { DRIFT_PSI_THRESHOLD, populationStability } from '@sightline/domain';
import {
  NotificationAlertRepository,
  inspections,
  lineDeployments,
  lines,
  type Db,
  type ImageStatsJson,
} from '@sightline/db';

export const DRIFT_WINDOW = 200;
const MIN_SAMPLES = 50;
const STATS = ['brightness', 'contrast', 'sharpness'] as const;

export interface DriftReport {
  deployment_id: number | null;
  reference_count: number;
  current_count: number;
  psi: Record<'score' | (typeof STATS)[number], number>;
  threshold: number;
  drifted: boolean;
  alerted: boolean;
}

type Sample = { score: number; stats: ImageStatsJson | null };

async function samples(db: Db, deploymentId: number, oldest: boolean): Promise<Sample[]> {
  return db
    .select({ score: inspections.score, stats: inspections.stats })
    .from(inspections)
    .where(eq(inspections.deploymentId, deploymentId))
    .orderBy(oldest ? asc(inspections.createdAt) : desc(inspections.createdAt))
    .limit(DRIFT_WINDOW);
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export async function checkDrift(
  db: Db,
  lineId: number,
  opts: { alert?: boolean; now?: Date } = {},
): Promise<DriftReport> {
  const now = opts.now ?? new Date();
  const [d] = await db
    .select()
    .from(lineDeployments)
    .where(and(eq(lineDeployments.lineId, lineId), eq(lineDeployments.active, true)));
  const empty = { score: 0, brightness: 0, contrast: 0, sharpness: 0 };
  if (!d)
    return {
      deployment_id: null,
      reference_count: 0,
      current_count: 0,
      psi: empty,
      threshold: DRIFT_PSI_THRESHOLD,
      drifted: false,
      alerted: false,
    };
  let ref = d.reference;
  if (!ref || ref.score.length < DRIFT_WINDOW) {
    const first = await samples(db, d.id, true);
    ref = { score: first.map((s) => s.score), stats: first.flatMap((s) => (s.stats ? [s.stats] : [])) };
    if (first.length >= DRIFT_WINDOW)
      await db.update(lineDeployments).set({ reference: ref }).where(eq(lineDeployments.id, d.id));
  }
  const cur = await samples(db, d.id, false);
  const enough =
    ref.score.length >= MIN_SAMPLES &&
    cur.length >= MIN_SAMPLES &&
    cur.length + ref.score.length > DRIFT_WINDOW;
  const psi = { ...empty };
  if (enough) {
    psi.score = round(
      populationStability(
        ref.score,
        cur.map((s) => s.score),
      ),
    );
    const curStats = cur.flatMap((s) => (s.stats ? [s.stats] : []));
    for (const k of STATS)
      psi[k] = round(
        populationStability(
          ref.stats.map((s) => s[k]),
          curStats.map((s) => s[k]),
        ),
      );
  }
  const drifted = enough && Object.values(psi).some((v) => v > DRIFT_PSI_THRESHOLD);
  let alerted = false;
  const last = ref.alerted_at ? new Date(ref.alerted_at).getTime() : 0;
  if (drifted && opts.alert && now.getTime() - last > 86_400_000) {
    const [line] = await db.select({ code: lines.code }).from(lines).where(eq(lines.id, lineId));
    const worst = Object.entries(psi).sort((a, b) => b[1] - a[1])[0]!;
    await new NotificationAlertRepository(db).alertProject(
      d.projectId,
      `Drift on line ${line?.code ?? lineId}: ${worst[0]} shifted (PSI ${worst[1]}) against model ${d.modelName}.`,
    );
    await db
      .update(lineDeployments)
      .set({
        reference: sql`jsonb_set(coalesce(${lineDeployments.reference}, '{}'::jsonb), '{alerted_at}', to_jsonb(${now.toISOString()}::text))`,
      })
      .where(eq(lineDeployments.id, d.id));
    alerted = true;
  }
  return {
    deployment_id: d.id,
    reference_count: ref.score.length,
    current_count: cur.length,
    psi,
    threshold: DRIFT_PSI_THRESHOLD,
    drifted,
    alerted,
  };
}
