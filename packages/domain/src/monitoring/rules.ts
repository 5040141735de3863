// Monitoring rules (SPEC §5, §9): threshold 0–1, sampling rate 0–100, sampling count 100–1000, line
// reports ≤ 30 days in 6 h / 12 h / 1 day buckets; sample selection, Wilson intervals and drift (PSI).
import { INSPECTION_THRESHOLD, LINE_REPORT_MAX_DAYS, SAMPLING_COUNT, SAMPLING_RATE } from '../constants';
import { MonitoringErrorCode as C } from './codes';

export const REPORT_PERIODS = ['6h', '12h', '1d'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const PERIOD_HOURS: Record<ReportPeriod, number> = { '6h': 6, '12h': 12, '1d': 24 };

export const VERIFICATION_METHODS = ['random', 'active', 'manual'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** Images one inspection request may carry. */
export const INSPECTION_BATCH_MAX = 16;
/** Drift: a population stability index above this raises a notification. */
export const DRIFT_PSI_THRESHOLD = 0.25;

export interface RuleProblem {
  code: string;
  field: string;
  params?: Record<string, number>;
}

const inRange = (v: number, r: { min: number; max: number }) =>
  Number.isFinite(v) && v >= r.min && v <= r.max;

export function checkThreshold(v: number, field = 'threshold'): RuleProblem | null {
  return inRange(v, INSPECTION_THRESHOLD)
    ? null
    : { code: C.ThresholdRange, field, params: { ...INSPECTION_THRESHOLD } };
}

export function checkSamplingRate(v: number): RuleProblem | null {
  return inRange(v, SAMPLING_RATE)
    ? null
    : { code: C.SamplingRateRange, field: 'sampling_rate', params: { ...SAMPLING_RATE } };
}

export function checkSamplingCount(v: number): RuleProblem | null {
  return Number.isInteger(v) && inRange(v, SAMPLING_COUNT)
    ? null
    : { code: C.SamplingCountRange, field: 'sampling_count', params: { ...SAMPLING_COUNT } };
}

/** A line report range: start before end, at most LINE_REPORT_MAX_DAYS long. */
export function checkReportRange(from: Date, to: Date): RuleProblem | null {
  if (!(from.getTime() < to.getTime())) return { code: C.PeriodInvalid, field: 'from' };
  if (to.getTime() - from.getTime() > LINE_REPORT_MAX_DAYS * 86_400_000)
    return { code: C.ReportRangeTooLong, field: 'to', params: { max: LINE_REPORT_MAX_DAYS } };
  return null;
}

/** Start of the bucket `t` falls in (buckets aligned on UTC midnight). */
export function bucketStart(t: Date, period: ReportPeriod): Date {
  const ms = PERIOD_HOURS[period] * 3_600_000;
  return new Date(Math.floor(t.getTime() / ms) * ms);
}

export interface SampleCandidate {
  id: string;
  /** Top score of the judgement (class probability, detection score or anomaly score). */
  score: number;
}

/**
 * Which inspections to sample for verification. random: a seeded shuffle; active learning: the ones the
 * model is least sure of first (score closest to the threshold); manual: none (reviewers pick).
 * At most `count`, and at most `rate` % of the candidates.
 */
export function selectSamples(
  method: VerificationMethod,
  candidates: readonly SampleCandidate[],
  o: { rate: number; count: number; threshold: number; seed?: number },
): string[] {
  if (method === 'manual' || !candidates.length) return [];
  const n = Math.min(o.count, Math.ceil((candidates.length * o.rate) / 100));
  if (n <= 0) return [];
  if (method === 'active') {
    return [...candidates]
      .sort(
        (a, b) => Math.abs(a.score - o.threshold) - Math.abs(b.score - o.threshold) || (a.id < b.id ? -1 : 1),
      )
      .slice(0, n)
      .map((c) => c.id);
  }
  const rnd = mulberry32(o.seed ?? 1);
  const pool = [...candidates];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n).map((c) => c.id);
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wilson score interval of a proportion k/n (95 % by default); n = 0 gives [0, 1]. */
export function wilsonInterval(k: number, n: number, z = 1.96): { rate: number; low: number; high: number } {
  if (n <= 0) return { rate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface VerifiedPair {
  /** The model's judgement. */
  judged: 'OK' | 'NG';
  /** The reviewer's judgement. */
  truth: 'OK' | 'NG';
}

/** Escape rate (NG judged OK, among true NG) and overkill rate (OK judged NG, among true OK). */
export function qualityRates(pairs: readonly VerifiedPair[]) {
  const trueNg = pairs.filter((p) => p.truth === 'NG');
  const trueOk = pairs.filter((p) => p.truth === 'OK');
  return {
    verified: pairs.length,
    escape: wilsonInterval(trueNg.filter((p) => p.judged === 'OK').length, trueNg.length),
    overkill: wilsonInterval(trueOk.filter((p) => p.judged === 'NG').length, trueOk.length),
  };
}

/**
 * Population stability index of `current` against `reference` on `bins` equal-width bins over the
 * reference range (values outside go to the end bins). 0 = same distribution; > 0.25 = a real shift.
 */
export function populationStability(
  reference: readonly number[],
  current: readonly number[],
  bins = 10,
): number {
  if (reference.length < 2 || current.length < 2) return 0;
  const lo = Math.min(...reference);
  let hi = Math.max(...reference);
  if (hi <= lo) hi = lo + 1e-6;
  const hist = (xs: readonly number[]) => {
    const h = new Array<number>(bins).fill(0);
    for (const x of xs) h[Math.min(bins - 1, Math.max(0, Math.floor(((x - lo) / (hi - lo)) * bins)))]!++;
    return h.map((c) => Math.max(c / xs.length, 1e-4));
  };
  const r = hist(reference);
  const c = hist(current);
  return r.reduce((s, rv, i) => s + (c[i]! - rv) * Math.log(c[i]! / rv), 0);
}
