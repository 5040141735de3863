// Learnings rows → the API shapes of packages/domain (LearningListItem, LearningDetail, progress events).
import {
  ERROR_MESSAGES,
  LEARNING_PHASES,
  errorMessage,
  jobDurations,
  type LearningDetail,
  type LearningListItem,
  type LearningPhase,
  type LearningProgressEvent,
  type Locale,
} from '@sightline/domain';
import type { LearningRow } from '@sightline/db';
import type { LearningView } from './learning.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const phaseOf = (p: string | null): LearningPhase | null =>
  p && (LEARNING_PHASES as readonly string[]).includes(p) ? (p as LearningPhase) : null;

/** The translated message of a stored code; the stored text for codes without one (e.g. a job failure). */
export function learningError(row: LearningRow, locale: Locale): LearningListItem['error'] {
  if (!row.errorCode) return null;
  const message = ERROR_MESSAGES[row.errorCode]
    ? errorMessage(row.errorCode, locale)
    : (row.errorMessage ?? errorMessage('INTERNAL', locale));
  return { code: row.errorCode, message };
}

export function toListItem(v: LearningView, locale: Locale, now = new Date()): LearningListItem {
  const r = v.row;
  return {
    id: r.id,
    project: v.project,
    name: r.name,
    task: r.task,
    status: r.status,
    progress: Math.max(0, Math.min(100, r.progress)),
    phase: phaseOf(r.phase),
    epoch: r.epoch,
    epochs: r.epochs,
    queue_position: r.status === 'waiting' ? (v.queuePosition ?? 1) : null,
    resumed: r.resumed,
    algorithm: {
      id: r.algorithmId ?? 0,
      name: v.algorithmName?.[locale] ?? v.algorithmName?.ko ?? r.algorithmName,
      engine_key: r.engineKey,
    },
    dataset: { id: r.datasetId ?? 0, name: r.datasetName },
    requestor: v.requestor ?? { id: 0, username: '', name: '' },
    base_learning_id: r.baseLearningId,
    metrics: r.metrics ?? {},
    timings: {
      requested_at: r.requestedAt.toISOString(),
      started_at: iso(r.startedAt),
      finished_at: iso(r.finishedAt),
      canceled_at: iso(r.canceledAt),
      ...jobDurations({ requestedAt: r.requestedAt, startedAt: r.startedAt, finishedAt: r.finishedAt }, now),
    },
    error: learningError(r, locale),
  };
}

export function toDetail(v: LearningView, locale: Locale): LearningDetail {
  const r = v.row;
  return {
    ...toListItem(v, locale),
    params: r.params,
    classes: r.classes,
    regions: r.regions,
    validation_split: r.validationSplit,
    history: r.history,
    validation: r.validation ?? null,
    warnings: r.warnings,
    files: r.files,
    job_id: r.jobId,
    auto: (r.live as LearningProgressEvent | null)?.auto ?? {},
  };
}

/** The latest progress event the job stored (null before the worker reported anything). */
export function toProgressEvent(r: LearningRow): LearningProgressEvent | null {
  if (!r.live) return null;
  return { ...(r.live as LearningProgressEvent), status: r.status, learning_id: r.id };
}
