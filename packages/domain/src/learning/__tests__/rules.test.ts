import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  LEARNING_STATUSES,
  canCancelLearning,
  canCompare,
  canDeleteEvaluation,
  canDeleteLearning,
  canTransition,
  checkLearningLimits,
  checkTrainParams,
  checkTargetRegions,
  classInfoMatches,
  classInfoMismatch,
  defaultOkClasses,
  isDefaultOkClassName,
  jobDurations,
  queuePosition,
  statusAfterCancel,
} from '../rules';
import { errorMessage } from '../../errors/messages';

describe('learning statuses', () => {
  it('cancel only while waiting or running', () => {
    expect(LEARNING_STATUSES.filter(canCancelLearning)).toEqual(['waiting', 'running']);
    expect(statusAfterCancel('waiting')).toBe('canceled');
    expect(statusAfterCancel('running')).toBe('canceling');
    expect(statusAfterCancel('done')).toBeNull();
  });
  it('no delete while in progress', () => {
    expect(LEARNING_STATUSES.filter((s) => !canDeleteLearning(s))).toEqual([
      'waiting',
      'running',
      'canceling',
    ]);
    expect(LEARNING_STATUSES.filter(canDeleteEvaluation)).toEqual(['done', 'error', 'canceled']);
  });
  it('transitions: terminal states stay, a lost worker puts a running training back to waiting', () => {
    expect(canTransition('running', 'waiting')).toBe(true);
    expect(canTransition('waiting', 'running')).toBe(true);
    expect(canTransition('canceling', 'canceled')).toBe(true);
    for (const t of ['done', 'error', 'canceled'] as const)
      for (const s of LEARNING_STATUSES) expect(canTransition(t, s)).toBe(false);
    expect(canTransition('waiting', 'done')).toBe(false);
    expect(canTransition('canceling', 'running')).toBe(false);
  });
  it('the not-cancelable message names the current status', () => {
    expect(errorMessage('LEARNING_NOT_CANCELABLE', 'en', { status: 'done' })).toBe(
      'Training cannot be canceled because of its status (done).',
    );
    expect(errorMessage('LEARNING_NOT_CANCELABLE', 'ko', { status: 'done' })).toContain('done');
  });
});

describe('limits', () => {
  it('3 concurrent trainings per user', () => {
    expect(
      checkLearningLimits({ activeByUser: 2, projectLearnings: 0, learningCountLimit: null }),
    ).toBeNull();
    const r = checkLearningLimits({ activeByUser: 3, projectLearnings: 0, learningCountLimit: null });
    expect(r?.code).toBe('CONCURRENT_TRAINING_LIMIT');
    expect(errorMessage(r!.code, 'en', r!.params)).toBe('Concurrent training limit of 3 per user reached.');
    expect(ACTIVE_STATUSES).toContain('canceling');
  });
  it('project learning count limit', () => {
    expect(checkLearningLimits({ activeByUser: 0, projectLearnings: 4, learningCountLimit: 5 })).toBeNull();
    const r = checkLearningLimits({ activeByUser: 0, projectLearnings: 5, learningCountLimit: 5 });
    expect(r?.code).toBe('LEARNING_COUNT_LIMIT');
    expect(errorMessage(r!.code, 'en', r!.params)).toMatch(/^Learning count limit reached/);
    expect(
      checkLearningLimits({ activeByUser: 0, projectLearnings: 500, learningCountLimit: null }),
    ).toBeNull();
  });
  it('trial accounts cannot compare on the public cloud', () => {
    expect(canCompare({ roleId: 5 }, 'cloud')).toBe(false);
    expect(canCompare({ roleId: 5 }, 'onprem')).toBe(true);
    expect(canCompare({ roleId: 4 }, 'cloud')).toBe(true);
  });
  it('queue position counts earlier waiting trainings', () => {
    const w = [
      { id: 3, requestedAt: '2026-01-01T00:00:02Z' },
      { id: 1, requestedAt: '2026-01-01T00:00:01Z' },
      { id: 2, requestedAt: '2026-01-01T00:00:02Z' },
    ];
    expect(queuePosition({ id: 3, status: 'waiting', requestedAt: '2026-01-01T00:00:02Z' }, w)).toBe(3);
    expect(queuePosition({ id: 1, status: 'waiting', requestedAt: '2026-01-01T00:00:01Z' }, w)).toBe(1);
    expect(queuePosition({ id: 1, status: 'running', requestedAt: '2026-01-01T00:00:01Z' }, w)).toBeNull();
  });
});

describe('classes', () => {
  it('default OK class names, any case', () => {
    expect(
      ['OK', 'Good', 'normal', 'PASS', '_ok_', 'okay', 'ng', 'scratch'].map(isDefaultOkClassName),
    ).toEqual([true, true, true, true, true, false, false, false]);
    expect(defaultOkClasses(['crazing', 'Good', 'inclusion'])).toEqual(['Good']);
  });
  it('class info must match in order, name and OK flag', () => {
    const a = [
      { name: 'ok', ok: true },
      { name: 'ng', ok: false },
    ];
    expect(classInfoMismatch(a, [...a])).toBeNull();
    expect(classInfoMismatch(a, [a[1]!, a[0]!])).toEqual({ index: 0, reason: 'name' });
    expect(classInfoMismatch(a, [a[0]!, { name: 'ng', ok: true }])).toEqual({ index: 1, reason: 'ok' });
    expect(classInfoMismatch(a, [a[0]!])).toEqual({ index: 1, reason: 'count' });
    expect(classInfoMatches([a, a, a])).toBe(true);
    expect(classInfoMatches([a, a, [a[0]!, { name: 'NG', ok: false }]])).toBe(false);
    expect(errorMessage('CLASS_INFO_MISMATCH', 'en')).toMatch(/^Class info does not match/);
  });
  it('target regions: at most 10, same-size images, inside the image', () => {
    const sizes = [
      { width: 100, height: 80 },
      { width: 100, height: 80 },
    ];
    const r = { x: 0, y: 0, w: 10, h: 10 };
    expect(
      checkTargetRegions(
        [],
        [
          { width: 1, height: 2 },
          { width: 3, height: 4 },
        ],
      ),
    ).toBeNull();
    expect(checkTargetRegions([r], sizes)).toBeNull();
    expect(checkTargetRegions(Array(11).fill(r), sizes)?.code).toBe('TARGET_REGION_LIMIT');
    expect(errorMessage('TARGET_REGION_LIMIT', 'en')).toBe('Target region limit of 10.');
    expect(checkTargetRegions([r], [...sizes, { width: 101, height: 80 }])?.code).toBe(
      'TARGET_REGION_SAME_SIZE',
    );
    expect(checkTargetRegions([{ x: 95, y: 0, w: 10, h: 10 }], sizes)?.code).toBe('TARGET_REGION_INVALID');
  });
});

describe('train params and durations', () => {
  const row = [
    {
      key: 'epochs',
      name: { ko: 'e', en: 'e' },
      description: { ko: '', en: '' },
      default: 30,
      min: 1,
      max: 10,
      integer: true,
    },
    {
      key: 'learningRate',
      name: { ko: 'l', en: 'l' },
      description: { ko: '', en: '' },
      default: 0.002,
      min: 0.0001,
      max: 0.1,
      integer: false,
    },
  ];
  it('fills defaults and names the first bad key with the admin row’s range', () => {
    expect(checkTrainParams(row, { epochs: 5 })).toEqual({
      values: { epochs: 5, learningRate: 0.002 },
      issue: null,
    });
    const bad = checkTrainParams(row, { epochs: 11 });
    expect(bad.issue).toEqual({ code: 'TRAIN_PARAM_INVALID', params: { key: 'epochs', min: 1, max: 10 } });
    expect(errorMessage(bad.issue!.code, 'en', bad.issue!.params)).toBe(
      'Parameter epochs must lie between 1 and 10.',
    );
    expect(checkTrainParams(row, { epochs: 2.5 }).issue?.code).toBe('TRAIN_PARAM_INVALID');
    expect(checkTrainParams(row, { epochs: '5' }).issue?.code).toBe('TRAIN_PARAM_INVALID');
    expect(checkTrainParams(row, { depth: 3 }).issue).toEqual({
      code: 'TRAIN_PARAM_UNKNOWN',
      params: { key: 'depth' },
    });
  });
  it('waiting and progress seconds', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    expect(jobDurations({ requestedAt: at(0), startedAt: null, finishedAt: null }, at(7))).toEqual({
      waiting_seconds: 7,
      progress_seconds: null,
    });
    expect(jobDurations({ requestedAt: at(0), startedAt: at(3), finishedAt: null }, at(10))).toEqual({
      waiting_seconds: 3,
      progress_seconds: 7,
    });
    expect(jobDurations({ requestedAt: at(0), startedAt: at(3), finishedAt: at(50) }, at(99))).toEqual({
      waiting_seconds: 3,
      progress_seconds: 47,
    });
    expect(jobDurations({ requestedAt: at(0), startedAt: null, finishedAt: at(4) }, at(99))).toEqual({
      waiting_seconds: 4,
      progress_seconds: null,
    });
  });
});
