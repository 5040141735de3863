import { describe, expect, it } from 'vitest';
import {
  ALGORITHMS,
  algorithmParamSchema,
  findAlgorithm,
  resolveParams,
  defaultAlgorithmFor,
} from '../index';

describe('algorithm catalog', () => {
  it('declares a training algorithm for each task, grouping and augmentation', () => {
    for (const t of ['cf', 'od', 'sg', 'ad'] as const) expect(defaultAlgorithmFor(t).kind).toBe('training');
    expect(ALGORITHMS.some((a) => a.kind === 'ai_labeling')).toBe(true);
    expect(ALGORITHMS.some((a) => a.kind === 'augmentation')).toBe(true);
    expect(new Set(ALGORITHMS.map((a) => a.id)).size).toBe(ALGORITHMS.length);
  });

  it('rejects a default outside min..max', () => {
    const bad = {
      key: 'x',
      name: { ko: 'x', en: 'x' },
      description: { ko: 'x', en: 'x' },
      default: 5,
      min: 0,
      max: 1,
    };
    expect(algorithmParamSchema.safeParse(bad).success).toBe(false);
    expect(algorithmParamSchema.safeParse({ ...bad, default: 1 }).success).toBe(true);
  });

  it('fills defaults and rejects out-of-range, fractional or unknown values', () => {
    const cf = findAlgorithm('cf-resnet')!;
    const v = resolveParams(cf.trainParams, { epochs: 3 });
    expect(v.epochs).toBe(3);
    expect(v.inputSize).toBe(0); // auto: the engine picks it from the images
    expect(resolveParams(cf.trainParams, { epochs: 0 }).epochs).toBe(0); // auto
    expect(() => resolveParams(cf.trainParams, { epochs: -1 })).toThrow();
    expect(() => resolveParams(cf.trainParams, { inputSize: 16 })).toThrow(); // neither 0 nor within 32..512
    expect(() => resolveParams(cf.trainParams, { epochs: 2.5 })).toThrow();
    // Only params declared auto take 0.
    expect(() => resolveParams(cf.trainParams, { width: 0 })).toThrow();
    expect(algorithmParamSchema.safeParse({ ...cf.trainParams[0]!, auto: false }).success).toBe(false);
    expect(() => resolveParams(cf.trainParams, { nope: 1 })).toThrow();
  });

  it('offers three ad methods, the patch kNN bank bounded by a parameter', () => {
    const ad = ALGORITHMS.filter((a) => a.task === 'ad' && a.kind === 'training').map((a) => a.id);
    expect(ad.sort()).toEqual(['ad-cutpaste', 'ad-draem', 'ad-patchknn']);
    expect(defaultAlgorithmFor('ad').id).toBe('ad-patchknn'); // the measured winner (bench ad-methods)
    const knn = findAlgorithm('ad-patchknn')!;
    expect(resolveParams(knn.trainParams, {}).memoryBank).toBe(1024);
    expect(() => resolveParams(knn.trainParams, { memoryBank: 10 })).toThrow();
    expect(() => resolveParams(knn.trainParams, { memoryBank: 8192 })).toThrow(); // [B, patches, bank] distances must fit in memory
    expect(() => resolveParams(findAlgorithm('ad-cutpaste')!.trainParams, { memoryBank: 512 })).toThrow();
  });

  it('lets grouping ask for 2 to 34 groups', () => {
    const g = findAlgorithm('grouping-kmeans')!.trainParams.find((p) => p.key === 'k')!;
    expect([g.min, g.max]).toEqual([2, 34]);
  });
});
