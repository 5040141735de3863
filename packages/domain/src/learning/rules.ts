// Pure rules of learning (training), evaluation and compare: statuses, transitions, cancel/delete,
// limits, OK-class defaults and the class-info match of a compare (SPEC §4, §5, §6, §9).
import { CONCURRENT_TRAININGS_PER_USER, TARGET_REGION_MAX } from '../constants';
import { isTrialAccount } from '../access/roles';
import type { AlgorithmParam } from '../algorithms/types';
import { paramValueOk, resolveParams } from '../algorithms/validate';
import { LearningErrorCode as C } from './codes';

/** waiting: queued (position shown); running: a worker trains; canceling: cancel asked, worker stopping. */
export const LEARNING_STATUSES = ['waiting', 'running', 'canceling', 'done', 'error', 'canceled'] as const;
export type LearningStatus = (typeof LEARNING_STATUSES)[number];
/** Evaluations and compares use the same set. */
export const EVALUATION_STATUSES = LEARNING_STATUSES;
export type EvaluationStatus = LearningStatus;

export const TERMINAL_STATUSES: readonly LearningStatus[] = ['done', 'error', 'canceled'];
/** Counted against the concurrent-training limit and blocking delete. */
export const ACTIVE_STATUSES: readonly LearningStatus[] = ['waiting', 'running', 'canceling'];
export const isTerminalStatus = (s: LearningStatus) => TERMINAL_STATUSES.includes(s);
export const isActiveStatus = (s: LearningStatus) => ACTIVE_STATUSES.includes(s);

/** Allowed moves. running → waiting is a worker lost mid-training: the job is retried and resumes. */
export const STATUS_TRANSITIONS: Record<LearningStatus, readonly LearningStatus[]> = {
  waiting: ['running', 'canceled', 'error'],
  running: ['done', 'error', 'canceling', 'waiting'],
  canceling: ['canceled', 'done', 'error'],
  done: [],
  error: [],
  canceled: [],
};
export const canTransition = (from: LearningStatus, to: LearningStatus) =>
  STATUS_TRANSITIONS[from].includes(to);

/** A training can be canceled only while it waits or runs; otherwise LEARNING_NOT_CANCELABLE with {status}. */
export const canCancelLearning = (s: LearningStatus) => s === 'waiting' || s === 'running';
/** A training in progress cannot be deleted (SPEC §4). */
export const canDeleteLearning = (s: LearningStatus) => !isActiveStatus(s);
export const canCancelEvaluation = canCancelLearning;
/** A performance evaluation in progress cannot be deleted (SPEC §4). */
export const canDeleteEvaluation = (s: EvaluationStatus) => !isActiveStatus(s);

/** The status a cancel request moves to: a waiting job is dropped at once, a running one is asked to stop. */
export const statusAfterCancel = (s: LearningStatus): LearningStatus | null =>
  s === 'waiting' ? 'canceled' : s === 'running' ? 'canceling' : null;

export interface LimitIssue {
  code: string;
  params: Record<string, string | number>;
}

export interface LearningLimitInput {
  /** The requestor's trainings in ACTIVE_STATUSES (all projects). */
  activeByUser: number;
  /** Trainings of the project counted against its learning count limit (all but error/canceled). */
  projectLearnings: number;
  /** The project's learning count limit; null means none. */
  learningCountLimit: number | null;
}

/** Checked inside the enqueue transaction (rows locked) so two quick clicks cannot both pass. */
export function checkLearningLimits(i: LearningLimitInput): LimitIssue | null {
  if (i.activeByUser >= CONCURRENT_TRAININGS_PER_USER)
    return { code: C.ConcurrentTrainingLimit, params: { max: CONCURRENT_TRAININGS_PER_USER } };
  if (i.learningCountLimit != null && i.projectLearnings >= i.learningCountLimit)
    return { code: C.LearningCountLimit, params: { max: i.learningCountLimit } };
  return null;
}

/** Statuses whose learnings count against the project's learning count limit. */
export const countsTowardLearningLimit = (s: LearningStatus) => s !== 'error' && s !== 'canceled';

/** Trial accounts (role 5 on the public cloud) cannot use comparison evaluation (SPEC §6). */
export const canCompare = (
  a: Parameters<typeof isTrialAccount>[0],
  product: Parameters<typeof isTrialAccount>[1],
) => !isTrialAccount(a, product);

/** Default OK class: a class folder named ok, good, normal or pass (any case, surrounding '-'/'_' ignored). */
export const OK_CLASS_NAMES = ['ok', 'good', 'normal', 'pass'] as const;
export const isDefaultOkClassName = (name: string) =>
  (OK_CLASS_NAMES as readonly string[]).includes(
    name
      .trim()
      .toLowerCase()
      .replace(/^[-_]+|[-_]+$/g, ''),
  );
/** Names of the classes checked OK by default (in the given order). */
export const defaultOkClasses = (names: readonly string[]) => names.filter(isDefaultOkClassName);

export interface ClassInfo {
  name: string;
  ok: boolean;
}

export interface ClassMatchIssue {
  index: number;
  reason: 'count' | 'name' | 'ok';
}

/** Compare needs the same class information: count and order, name, OK flag (SPEC §5). null when equal. */
export function classInfoMismatch(a: readonly ClassInfo[], b: readonly ClassInfo[]): ClassMatchIssue | null {
  if (a.length !== b.length) return { index: Math.min(a.length, b.length), reason: 'count' };
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.name !== b[i]!.name) return { index: i, reason: 'name' };
    if (a[i]!.ok !== b[i]!.ok) return { index: i, reason: 'ok' };
  }
  return null;
}
/** True when every model has the first one's class information. */
export const classInfoMatches = (models: readonly (readonly ClassInfo[])[]) =>
  models.every((m) => classInfoMismatch(models[0]!, m) === null);

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Target regions: at most 10, and all images of the dataset the same size (SPEC §5). */
export function checkTargetRegions(
  regions: readonly Region[],
  imageSizes: readonly { width: number; height: number }[],
): LimitIssue | null {
  if (regions.length === 0) return null;
  if (regions.length > TARGET_REGION_MAX)
    return { code: C.TargetRegionLimit, params: { max: TARGET_REGION_MAX } };
  const first = imageSizes[0];
  if (first && imageSizes.some((s) => s.width !== first.width || s.height !== first.height))
    return { code: C.TargetRegionSameSize, params: {} };
  if (
    first &&
    regions.some(
      (r) =>
        r.w <= 0 || r.h <= 0 || r.x < 0 || r.y < 0 || r.x + r.w > first.width || r.y + r.h > first.height,
    )
  )
    return { code: C.TargetRegionInvalid, params: {} };
  return null;
}

/** Queue position (1-based) of a waiting learning among waiting ones ordered by request time; null otherwise. */
export function queuePosition(
  target: { id: number; status: LearningStatus; requestedAt: string },
  waiting: readonly { id: number; requestedAt: string }[],
): number | null {
  if (target.status !== 'waiting') return null;
  const ahead = waiting.filter(
    (w) => w.requestedAt < target.requestedAt || (w.requestedAt === target.requestedAt && w.id < target.id),
  );
  return ahead.length + 1;
}

/** The message of a value out of a param's range (auto params also take 0). */
export function paramIssue(p: Pick<AlgorithmParam, 'key' | 'min' | 'max' | 'auto'>): LimitIssue {
  const code = p.auto ? C.TrainParamInvalidAuto : C.TrainParamInvalid;
  return { code, params: { key: p.key, min: p.min, max: p.max } };
}

/** Train params checked against the admin-edited algorithm row: defaults filled, or the first bad key. */
export function checkTrainParams(
  rowParams: readonly AlgorithmParam[],
  values: Record<string, unknown>,
): { values: Record<string, number>; issue: null } | { values: null; issue: LimitIssue } {
  const byKey = new Map(rowParams.map((p) => [p.key, p]));
  for (const [key, v] of Object.entries(values)) {
    const p = byKey.get(key);
    if (!p) return { values: null, issue: { code: C.TrainParamUnknown, params: { key } } };
    if (!paramValueOk(p, v)) return { values: null, issue: paramIssue(p) };
  }
  try {
    return { values: resolveParams(rowParams, values), issue: null };
  } catch {
    return { values: null, issue: { code: C.TrainParamInvalid, params: { key: '?', min: '', max: '' } } };
  }
}

export interface JobTimes {
  requestedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Waiting seconds (request → start, or → now while waiting) and progress seconds (start → finish, or → now). */
export function jobDurations(t: JobTimes, now: Date = new Date()) {
  const s = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));
  return {
    waiting_seconds: s(t.requestedAt, t.startedAt ?? t.finishedAt ?? now),
    progress_seconds: t.startedAt ? s(t.startedAt, t.finishedAt ?? now) : null,
  };
}
