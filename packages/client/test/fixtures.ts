// Answers shaped as the domain schemas say (the mock checks them).
import type { EvaluationDetail, LearningDetail, LearningStatus } from '@sightline/domain';

const timings = {
  requested_at: '2026-11-24T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  canceled_at: null,
  waiting_seconds: null,
  progress_seconds: null,
};

export const PROJECTS = [
  { id: 7, code: 'STEEL', title: 'Steel line', company: null, end_date: null, lines: [], permissions: [1] },
  { id: 9, code: 'GLASS', title: 'Glass', company: null, end_date: null, lines: [], permissions: [1] },
];

const param = (key: string, d: number, min: number, max: number) => ({
  key,
  name: { ko: key, en: key },
  description: { ko: '', en: '' },
  default: d,
  min,
  max,
  integer: true,
});
const algo = (id: number, engineKey: string, workType: string) => ({
  id,
  engineKey,
  name: { ko: engineKey, en: engineKey },
  description: { ko: '', en: '' },
  kind: 'training',
  workType,
  scope: 'all',
  projects: [],
  trainParams: [param('epochs', 30, 1, 50)],
  inferenceParams: [],
  augmentationParams: [],
  descriptionFile: null,
  createdAt: timings.requested_at,
  updatedAt: timings.requested_at,
});
export const ALGORITHMS = [
  algo(11, 'cf-custom', 'cf'),
  algo(12, 'cf-resnet', 'cf'),
  algo(21, 'od-centernet', 'od'),
  algo(41, 'ad-patchknn', 'ad'),
];

export const DATASET = {
  id: 5,
  project_id: 7,
  name: 'neu_train',
  type: 'cf',
  purpose: 'preprocessing',
  image_count: 1440,
  folder_count: 1,
  class_count: 6,
  locked: false,
  created_at: timings.requested_at,
  updated_at: timings.requested_at,
  folders: [],
  classes: [],
  unclassified_count: 0,
  class_problems: [],
};

export function learning(status: LearningStatus, over: Partial<LearningDetail> = {}): LearningDetail {
  return {
    id: 31,
    project: { id: 7, code: 'STEEL', title: 'Steel line' },
    name: 'steel_cf',
    task: 'cf',
    status,
    progress: status === 'done' ? 100 : status === 'running' ? 40 : 0,
    phase: status === 'running' ? 'training' : null,
    epoch: status === 'running' ? 3 : null,
    epochs: 30,
    queue_position: status === 'waiting' ? 2 : null,
    resumed: false,
    algorithm: { id: 12, name: 'cf-resnet', engine_key: 'cf-resnet' },
    dataset: { id: 5, name: 'neu_train' },
    requestor: { id: 1, username: 'user1', name: 'User' },
    base_learning_id: null,
    metrics: status === 'done' ? { accuracy: 0.995 } : {},
    timings,
    error: null,
    params: { epochs: 30 },
    classes: [{ index: 0, name: 'crazing', ok: false }],
    regions: [],
    validation_split: 0.2,
    history: [],
    validation: null,
    warnings: [],
    files:
      status === 'done'
        ? [
            { name: 'manifest.json', size: 20 },
            { name: 'model.onnx', size: 5 },
            { name: 'model.pt', size: 3 },
          ]
        : [],
    job_id: 'b6a1c1d0-0000-4000-8000-000000000001',
    ...over,
  };
}

export function evaluation(status: LearningStatus, over: Partial<EvaluationDetail> = {}): EvaluationDetail {
  return {
    id: 44,
    project_id: 7,
    name: 'eval_1',
    task: 'cf',
    model: { id: 31, name: 'steel_cf' },
    dataset: { id: 6, name: 'neu_test' },
    algorithm: { id: 12, name: 'cf-resnet', engine_key: 'cf-resnet' },
    requestor: { id: 1, username: 'user1', name: 'User' },
    status,
    progress: status === 'done' ? 100 : 10,
    queue_position: null,
    image_count: 360,
    threshold: null,
    metrics: status === 'done' ? { accuracy: 0.997 } : {},
    timings,
    error: null,
    params: {},
    classes: [],
    detail:
      status === 'done'
        ? {
            task: 'cf',
            accuracy: 0.997,
            macroF1: 0.996,
            perClass: [],
            confusion: [
              [60, 0],
              [1, 59],
            ],
          }
        : null,
    job_id: null,
    ...over,
  };
}
