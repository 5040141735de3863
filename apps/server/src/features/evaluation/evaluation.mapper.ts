// Evaluation rows → the domain's list item / detail shapes (EvaluationListItem, EvaluationDetail).
import {
  ERROR_MESSAGES,
  errorMessage,
  jobDurations,
  type EvaluationDetail,
  type EvaluationListItem,
  type EvaluationMetrics,
  type Locale,
} from '@sightline/domain';
import type { EvaluationRow } from '@sightline/db';

export interface EvaluationListRow {
  e: EvaluationRow;
  username: string | null;
  userName: string | null;
  queuePosition: number | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function timingsOf(r: {
  requestedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  canceledAt: Date | null;
}) {
  return {
    requested_at: r.requestedAt.toISOString(),
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
    canceled_at: iso(r.canceledAt),
    ...jobDurations({
      requestedAt: r.requestedAt,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt ?? r.canceledAt,
    }),
  };
}

/** A stored error code in the caller's language when it has a text; the stored message otherwise. */
export function errorOf(code: string | null, message: string | null, locale: Locale) {
  if (!code) return null;
  return { code, message: ERROR_MESSAGES[code] ? errorMessage(code, locale) : (message ?? code) };
}

export function mapEvaluation(r: EvaluationListRow, locale: Locale): EvaluationListItem {
  const { e } = r;
  return {
    id: e.id,
    project_id: e.projectId,
    name: e.name,
    task: e.task,
    model: { id: e.learningId ?? 0, name: e.modelName },
    dataset: { id: e.datasetId ?? 0, name: e.datasetName },
    algorithm: { id: e.algorithmId ?? 0, name: e.algorithmName, engine_key: e.engineKey },
    requestor: { id: e.requestedBy ?? 0, username: r.username ?? '', name: r.userName ?? '' },
    status: e.status,
    progress: e.progress,
    queue_position: e.status === 'waiting' ? r.queuePosition : null,
    image_count: e.imageCount,
    threshold: e.threshold,
    metrics: e.metrics,
    timings: timingsOf(e),
    error: errorOf(e.errorCode, e.errorMessage, locale),
  };
}

export function mapEvaluationDetail(r: EvaluationListRow, locale: Locale): EvaluationDetail {
  const { e } = r;
  return {
    ...mapEvaluation(r, locale),
    params: e.params,
    classes: e.classes,
    detail: e.status === 'done' && e.detail ? (e.detail as unknown as EvaluationMetrics) : null,
    job_id: e.jobId,
  };
}
