import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../../algorithms/catalog';
import { ERROR_MESSAGES } from '../../errors/messages';
import { LEARNING_ERROR_MESSAGES } from '../../errors/learning-messages';
import { VISION_ERROR_MESSAGES } from '../../errors/vision-messages';
import { JOB_KINDS } from '../../jobs';
import { ErrorCode } from '../../errors/codes';
import { DatasetErrorCode } from '../../dataset/codes';
import { TenancyErrorCode } from '../../tenancy/messages';
import { LearningErrorCode } from '../codes';
import { learningCreateSchema, learningTrainJob, modelNameSchema, trainParamsSchema } from '../schemas';
import { TRAIN_ROUTES, matchRoutePath, routePath } from '../routes';
import {
  compareCreateSchema,
  evaluationCreateSchema,
  evaluationMetricsSchema,
  evaluationRunJob,
} from '../../inference/schemas';

const codeOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('learning error messages', () => {
  it('every code has ko and en texts with the same placeholders', () => {
    for (const code of Object.values(LearningErrorCode)) {
      const m = ERROR_MESSAGES[code];
      expect(m?.ko, code).toBeTruthy();
      expect(m?.en, code).toBeTruthy();
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
      expect(ph(m!.ko), code).toEqual(ph(m!.en));
    }
    expect(Object.keys(LEARNING_ERROR_MESSAGES).sort()).toEqual(Object.values(LearningErrorCode).sort());
  });
  it('does not redefine codes of other areas', () => {
    const others = new Set<string>([
      ...Object.keys(VISION_ERROR_MESSAGES),
      ...Object.values(ErrorCode),
      ...Object.values(DatasetErrorCode),
      ...Object.values(TenancyErrorCode),
    ]);
    expect(Object.keys(LEARNING_ERROR_MESSAGES).filter((k) => others.has(k))).toEqual([]);
  });
});

describe('learning schemas', () => {
  it('model names follow the name rules', () => {
    expect(modelNameSchema.parse(' steel_cf-1 ')).toBe('steel_cf-1');
    expect(codeOf(modelNameSchema.safeParse(''))).toBe('MODEL_NAME_REQUIRED');
    expect(codeOf(modelNameSchema.safeParse('모델'))).toBe('MODEL_NAME_INVALID');
    expect(codeOf(modelNameSchema.safeParse('a'.repeat(31)))).toBe('MODEL_NAME_INVALID');
  });
  it('create request: defaults and the region limit', () => {
    const ok = learningCreateSchema.parse({ dataset_id: 1, name: 'm1', algorithm_id: 2 });
    expect(ok).toMatchObject({ params: {}, regions: [] });
    const r = { x: 0, y: 0, w: 4, h: 4 };
    expect(
      codeOf(
        learningCreateSchema.safeParse({
          dataset_id: 1,
          name: 'm1',
          algorithm_id: 2,
          regions: Array(11).fill(r),
        }),
      ),
    ).toBe('TARGET_REGION_LIMIT');
    expect(learningCreateSchema.safeParse({ dataset_id: 1, name: 'm1' }).success).toBe(false);
  });
  it('train params are checked against the admin-edited row, not the catalog', () => {
    const row = ALGORITHMS.find((a) => a.id === 'cf-resnet')!.trainParams.map((p) =>
      p.key === 'epochs' ? { ...p, max: 10 } : p,
    );
    const s = trainParamsSchema(row);
    expect(s.safeParse({ epochs: 10 }).success).toBe(true);
    expect(s.safeParse({ epochs: 11 }).success).toBe(false);
    expect(s.safeParse({ epochs: 2.5 }).success).toBe(false);
    expect(s.safeParse({ nope: 1 }).success).toBe(false);
  });
  it('evaluation and compare requests', () => {
    expect(evaluationCreateSchema.safeParse({ model_id: 1, dataset_id: 2, threshold: 1.5 }).success).toBe(
      false,
    );
    expect(evaluationCreateSchema.parse({ model_id: 1, dataset_id: 2, threshold: 0.4 }).threshold).toBe(0.4);
    expect(codeOf(compareCreateSchema.safeParse({ dataset_id: 1, model_ids: [1] }))).toBe(
      'COMPARE_MODEL_COUNT',
    );
    expect(codeOf(compareCreateSchema.safeParse({ dataset_id: 1, model_ids: [1, 1] }))).toBe(
      'COMPARE_MODEL_COUNT',
    );
    expect(compareCreateSchema.safeParse({ dataset_id: 1, model_ids: [1, 2] }).success).toBe(true);
  });
  it('metrics are discriminated by task with the engine names', () => {
    const cf = evaluationMetricsSchema.parse({
      task: 'cf',
      accuracy: 1,
      macroF1: 1,
      perClass: [],
      confusion: [[1]],
    });
    expect(cf.task).toBe('cf');
    expect(evaluationMetricsSchema.safeParse({ task: 'od', accuracy: 1 }).success).toBe(false);
  });
  it('the learning and evaluation jobs are members of the job union (the worker has their handlers)', () => {
    expect(JOB_KINDS).toContain(learningTrainJob.shape.kind.value);
    expect(JOB_KINDS).toContain(evaluationRunJob.shape.kind.value);
  });
});

describe('route table', () => {
  it('paths are unique per method and every JSON route has a response schema', () => {
    const seen = new Set<string>();
    for (const [name, r] of Object.entries(TRAIN_ROUTES)) {
      const key = `${r.method} ${r.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const route = r as { sse?: boolean; binary?: boolean; response?: unknown; params?: unknown };
      if (!route.sse && !route.binary) expect(route.response, name).toBeDefined();
      if (r.path.includes(':')) expect(route.params, name).toBeDefined();
    }
  });
  it('fills and matches path parameters', () => {
    expect(routePath(TRAIN_ROUTES.learningFile.path, { id: 4, file: 'model.onnx' })).toBe(
      '/api/v2/learnings/4/files/model.onnx',
    );
    expect(() => routePath(TRAIN_ROUTES.getLearning.path)).toThrow(/id/);
    expect(matchRoutePath(TRAIN_ROUTES.getLearning.path, '/api/v2/learnings/7?x=1')).toEqual({ id: '7' });
    expect(matchRoutePath(TRAIN_ROUTES.getLearning.path, '/api/v2/learnings/7/cancel')).toBeNull();
  });
});
