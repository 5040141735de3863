// Pure helpers of the learning pages: links, defaults, parameter checks, warnings and curve points.
import { describe, expect, it } from 'vitest';
import type {
  AlgorithmParam,
  AlgorithmRecord,
  LearningDetail,
  LearningProgressEvent,
} from '@sightline/domain';
import { metricTables } from '../components/ValidationMetrics';
import { fieldOfCode } from './form-errors';
import {
  curvePoints,
  durationParts,
  headlineMetric,
  modelHref,
  paramErrors,
  paramPayload,
  pickDefaultAlgorithm,
  tasksForDataset,
  warningText,
} from './learning-utils';

const param = (key: string, min: number, max: number, def: number, integer = false): AlgorithmParam => ({
  key,
  name: { ko: key, en: key },
  description: { ko: key, en: key },
  min,
  max,
  default: def,
  integer,
});

const algo = (id: number, engineKey: string, workType: AlgorithmRecord['workType']): AlgorithmRecord =>
  ({
    id,
    engineKey,
    name: { ko: engineKey, en: engineKey },
    description: { ko: '', en: '' },
    kind: 'training',
    workType,
    scope: 'all',
    projects: [],
    trainParams: [],
    inferenceParams: [],
    augmentationParams: [],
    descriptionFile: null,
    createdAt: '',
    updatedAt: '',
  }) as unknown as AlgorithmRecord;

const point = (epoch: number, run = 1, m: Record<string, number> = { accuracy: epoch / 10 }) => ({
  run,
  epoch,
  train_loss: 1 / epoch,
  val_loss: 1.2 / epoch,
  metrics: m,
  seconds: epoch,
});

const event = (epoch: number, step: number, steps: number, loss: number): LearningProgressEvent => ({
  learning_id: 1,
  status: 'running',
  phase: 'training',
  progress: 10,
  epoch,
  epochs: 5,
  step,
  steps,
  loss,
  metric: null,
  metric_name: null,
  images_per_second: 100,
  eta_seconds: 30,
  done: null,
  total: null,
  at: '2026-01-01T00:00:00Z',
});

describe('links and tasks', () => {
  it('opens ad models on the cf model page', () => {
    expect(modelHref({ id: 7, task: 'od' })).toBe('/train/learning/7/od');
    expect(modelHref({ id: 8, task: 'ad' })).toBe('/train/learning/8/cf');
  });
  it('lets a cf dataset train cf or ad', () => {
    expect(tasksForDataset('cf')).toEqual(['cf', 'ad']);
    expect(tasksForDataset('sg')).toEqual(['sg']);
    expect(tasksForDataset('x')).toEqual([]);
  });
});

describe('pickDefaultAlgorithm', () => {
  it('prefers the engine default of the task, else the first row of the task', () => {
    const rows = [algo(1, 'cf-other', 'cf'), algo(2, 'cf-resnet', 'cf'), algo(3, 'od-centernet', 'od')];
    expect(pickDefaultAlgorithm(rows, 'cf')?.id).toBe(2);
    expect(pickDefaultAlgorithm([algo(4, 'cf-other', 'cf')], 'cf')?.id).toBe(4);
    expect(pickDefaultAlgorithm(rows, 'sg')).toBeUndefined();
  });
});

describe('paramErrors', () => {
  const params = [param('epochs', 1, 200, 30, true), param('learningRate', 0.0001, 0.1, 0.002)];
  it('accepts values inside the admin row range', () => {
    expect(paramErrors(params, { epochs: 3, learningRate: 0.01 }, 'en')).toEqual({});
  });
  it('names the key and range of a value out of range or not whole, in the UI language', () => {
    expect(paramErrors(params, { epochs: 500 }, 'en')).toEqual({
      epochs: 'Parameter epochs must lie between 1 and 200.',
    });
    expect(paramErrors(params, { epochs: 2.5 }, 'ko').epochs).toBe(
      '파라미터 epochs의 값은 1 이상 200 이하여야 합니다.',
    );
    expect(Object.keys(paramErrors(params, { learningRate: 0.5 }, 'en'))).toEqual(['learningRate']);
  });
  it('sends numbers only for filled params', () => {
    expect(paramPayload(params, { epochs: '4', learningRate: '' })).toEqual({ epochs: 4 });
  });
});

describe('warnings and durations', () => {
  it('translates engine warning codes and keeps other texts', () => {
    expect(warningText('MODEL_DEGENERATE', 'en')).toMatch(/learned nothing/);
    expect(warningText('MODEL_DEGENERATE', 'ko')).toMatch(/배우지 못했습니다/);
    expect(warningText('small class scratch', 'en')).toBe('small class scratch');
  });
  it('splits seconds for the time texts', () => {
    expect(durationParts(42)).toMatchObject({ key: 'seconds', s: 42 });
    expect(durationParts(125)).toMatchObject({ key: 'minutes', m: 2, s: 5 });
    expect(durationParts(3720)).toMatchObject({ key: 'hours', h: 1, m: 2 });
    expect(durationParts(null)).toBeNull();
  });
});

describe('curves', () => {
  it('draws one point per finished epoch with the task headline metric', () => {
    const history = [point(1, 1, { valLoss: 2, mAP50: 0.1 }), point(2, 1, { valLoss: 1, mAP50: 0.3 })];
    expect(headlineMetric('od', history)).toBe('mAP50');
    const pts = curvePoints('od', history, []);
    expect(pts.map((p) => [p.x, p.metric])).toEqual([
      [1, 0.1],
      [2, 0.3],
    ]);
  });
  it('adds the live step losses of the epoch in progress after the history', () => {
    const history = [point(1), point(2)];
    const live = [event(3, 5, 10, 0.4), event(3, 10, 10, 0.3)];
    const pts = curvePoints('cf', history, live);
    expect(pts.slice(2)).toEqual([
      { x: 2.5, live_loss: 0.4 },
      { x: 3, live_loss: 0.3 },
    ]);
    // The live line starts at the last finished epoch's training loss.
    expect(pts[1]!.live_loss).toBe(0.5);
  });
  it('numbers a relearning run on after the earlier run', () => {
    const history = [point(1, 1), point(2, 1), point(1, 2)];
    const pts = curvePoints('cf', history, [event(2, 1, 4, 0.2)]);
    expect(pts.map((p) => p.x)).toEqual([1, 2, 3, 3.25]);
  });
  it('keeps only the newest epoch of the live events', () => {
    const pts = curvePoints('cf', [], [event(1, 9, 10, 0.9), event(2, 1, 10, 0.8)]);
    expect(pts).toEqual([{ x: 0.1, live_loss: 0.8 }]);
  });
});

describe('validation tables', () => {
  const classes: LearningDetail['classes'] = [
    { index: 0, name: 'good', ok: true },
    { index: 1, name: 'scratch', ok: false },
  ];
  it('sorts headline numbers, per-class keys and a confusion matrix', () => {
    const t = metricTables(
      {
        meanIoU: 0.7,
        iou_good: 0.9,
        iou_scratch: 0.5,
        confusion: [
          [3, 1],
          [0, 4],
        ],
      },
      classes,
    );
    expect(t.scalars).toEqual([['meanIoU', 0.7]]);
    expect(t.perClass).toEqual({
      columns: ['iou'],
      rows: [
        { name: 'good', values: [0.9] },
        { name: 'scratch', values: [0.5] },
      ],
    });
    expect(t.confusion).toEqual([
      [3, 1],
      [0, 4],
    ]);
  });
  it('reads a perClass list by class index', () => {
    const t = metricTables(
      {
        accuracy: 0.9,
        perClass: [
          { precision: 1, recall: 0.8 },
          { precision: 0.7, recall: 1 },
        ],
      },
      classes,
    );
    expect(t.perClass?.rows[1]).toEqual({ name: 'scratch', values: [0.7, 1] });
  });
});

describe('server error placement', () => {
  it('puts each create refusal on its field, limits above the form', () => {
    expect(fieldOfCode('MODEL_NAME_EXISTS')).toBe('name');
    expect(fieldOfCode('TRAIN_PARAM_INVALID')).toBe('params');
    expect(fieldOfCode('TARGET_REGION_SAME_SIZE')).toBe('regions');
    expect(fieldOfCode('RELEARN_CLASS_MISMATCH')).toBe('base');
    expect(fieldOfCode('CONCURRENT_TRAINING_LIMIT')).toBeNull();
    expect(fieldOfCode('LEARNING_COUNT_LIMIT')).toBeNull();
    expect(fieldOfCode('VALIDATION', 'validation_split')).toBe('validationSplit');
  });
});
