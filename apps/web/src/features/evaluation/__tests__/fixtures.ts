// Answers shaped as the domain schemas say (the mock server checks them).
import type { EvaluationDetail, LearningListItem, ResultRow } from '@sightline/domain';

export const timings = {
  requested_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:05.000Z',
  finished_at: '2026-11-24T10:01:05.000Z',
  canceled_at: null,
  waiting_seconds: 5,
  progress_seconds: 60,
};

export function evaluation(over: Partial<EvaluationDetail> = {}): EvaluationDetail {
  return {
    id: 44,
    project_id: 7,
    name: 'eval_1',
    task: 'cf',
    model: { id: 31, name: 'steel_cf' },
    dataset: { id: 6, name: 'neu_test' },
    algorithm: { id: 12, name: 'cf-resnet', engine_key: 'cf-resnet' },
    requestor: { id: 1, username: 'user1', name: 'User' },
    status: 'done',
    progress: 100,
    queue_position: null,
    image_count: 4,
    threshold: null,
    metrics: { accuracy: 0.75 },
    timings,
    error: null,
    params: {},
    classes: [
      { index: 0, name: 'ok', ok: true },
      { index: 1, name: 'scratch', ok: false },
    ],
    detail: {
      task: 'cf',
      accuracy: 0.75,
      macroF1: 0.73,
      perClass: [
        { name: 'ok', ok: true, precision: 0.67, recall: 1, f1: 0.8, support: 2 },
        { name: 'scratch', ok: false, precision: 1, recall: 0.5, f1: 0.67, support: 2 },
      ],
      confusion: [
        [2, 0],
        [1, 1],
      ],
    },
    job_id: null,
    ...over,
  };
}

/** ad: OK scores 0.1, 0.3, 0.6; NG scores 0.4, 0.8 at the stored threshold 0.5. */
export function adEvaluation(): EvaluationDetail {
  return evaluation({
    id: 45,
    name: 'eval_ad',
    task: 'ad',
    threshold: 0.5,
    metrics: { imageAUROC: 0.83 },
    classes: [
      { index: 0, name: 'good', ok: true },
      { index: 1, name: 'defect', ok: false },
    ],
    detail: {
      task: 'ad',
      imageAUROC: 0.83,
      pixelAUROC: null,
      threshold: 0.5,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
      scores: { ok: [0.1, 0.3, 0.6], ng: [0.4, 0.8] },
      roc: [
        { fpr: 0, tpr: 0, threshold: 1 },
        { fpr: 0.33, tpr: 0.5, threshold: 0.6 },
        { fpr: 1, tpr: 1, threshold: 0 },
      ],
    },
  });
}

export function resultRow(id: number, over: Partial<ResultRow> = {}): ResultRow {
  return {
    id,
    image_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    file_name: `img_${id}.png`,
    true_class: 0,
    predicted_class: 0,
    score: 0.9,
    correct: true,
    thumb_url: `/t/${id}`,
    original_url: `/o/${id}`,
    ...over,
  };
}

/** The five ad images of adEvaluation(), judged at 0.5. */
export const AD_ROWS: ResultRow[] = [
  resultRow(1, { true_class: 0, score: 0.1, predicted_class: 0, correct: true }),
  resultRow(2, { true_class: 0, score: 0.3, predicted_class: 0, correct: true }),
  resultRow(3, { true_class: 0, score: 0.6, predicted_class: 1, correct: false }),
  resultRow(4, { true_class: 1, score: 0.4, predicted_class: 0, correct: false }),
  resultRow(5, { true_class: 1, score: 0.8, predicted_class: 1, correct: true }),
];

export function model(id: number, name: string, over: Partial<LearningListItem> = {}): LearningListItem {
  return {
    id,
    project: { id: 7, code: 'STEEL', title: 'Steel line' },
    name,
    task: 'cf',
    status: 'done',
    progress: 100,
    phase: null,
    epoch: 30,
    epochs: 30,
    queue_position: null,
    resumed: false,
    algorithm: { id: 12, name: 'cf-resnet', engine_key: 'cf-resnet' },
    dataset: { id: 5, name: 'neu_train' },
    requestor: { id: 1, username: 'user1', name: 'User' },
    base_learning_id: null,
    metrics: { accuracy: 0.99 },
    timings,
    error: null,
    ...over,
  };
}
