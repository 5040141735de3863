// Live re-judging of anomaly scores at a threshold (ad result page slider): a score ≥ threshold is NG.
export interface JudgedRates {
  threshold: number;
  /** NG images judged OK / NG images (0 when there are none). */
  escapeRate: number;
  /** OK images judged NG / OK images (0 when there are none). */
  overkillRate: number;
  escapes: number;
  overkills: number;
  ok: number;
  ng: number;
}

export const judgeNg = (score: number, threshold: number) => score >= threshold;

export function escapeOverkill(
  scores: { ok: readonly number[]; ng: readonly number[] },
  threshold: number,
): JudgedRates {
  const escapes = scores.ng.filter((s) => !judgeNg(s, threshold)).length;
  const overkills = scores.ok.filter((s) => judgeNg(s, threshold)).length;
  return {
    threshold,
    escapes,
    overkills,
    ok: scores.ok.length,
    ng: scores.ng.length,
    escapeRate: scores.ng.length ? escapes / scores.ng.length : 0,
    overkillRate: scores.ok.length ? overkills / scores.ok.length : 0,
  };
}

/** Outline class of an image on the result grid (SPEC §9): changed judgements stand out while sliding. */
export type ThresholdOutline = 'threshold-diff-ng' | 'threshold-diff-ok' | 'threshold-active' | null;
export function thresholdOutline(score: number, stored: number, live: number): ThresholdOutline {
  const before = judgeNg(score, stored);
  const now = judgeNg(score, live);
  if (before !== now) return now ? 'threshold-diff-ng' : 'threshold-diff-ok';
  return now ? 'threshold-active' : null;
}

export interface CfJudgement {
  classIndex: number;
  ng: boolean;
  /** Summed probability of the NG classes. */
  ngMass: number;
}

/**
 * A classification at a threshold (evaluation parameters, line deployments): NG when the NG classes
 * together reach the threshold; the class is the most likely one on the judged side. A lower threshold
 * catches more defects (fewer escapes, more overkill). Without both OK and NG classes the threshold has
 * nothing to weigh and the most likely class wins.
 */
export function judgeCfScores(
  scores: readonly number[],
  ok: readonly boolean[],
  threshold: number,
): CfJudgement {
  const argmax = (keep: (i: number) => boolean) => {
    let best = -1;
    for (let i = 0; i < scores.length; i++) if (keep(i) && (best < 0 || scores[i]! > scores[best]!)) best = i;
    return best;
  };
  const ngMass = scores.reduce((a, s, i) => (ok[i] ? a : a + s), 0);
  const hasOk = scores.some((_, i) => ok[i]);
  const hasNg = scores.some((_, i) => !ok[i]);
  if (!hasOk || !hasNg) {
    const top = argmax(() => true);
    return { classIndex: top, ng: !ok[top], ngMass };
  }
  const ng = ngMass >= threshold;
  return { classIndex: argmax((i) => !ok[i] === ng), ng, ngMass };
}
