// Pure metric and geometry kernels, checked against hand-computed values.
import { describe, expect, it } from 'vitest';
import { boxIou, components, nms, simplify, traceBoundary } from '../infer/geometry';
import { auroc, BinnedAuroc } from './auroc';
import { classificationMetrics } from './classification';
import { detectionMetrics } from './detection';

describe('auroc', () => {
  it('matches the pairwise definition, ties counting half', () => {
    expect(auroc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(auroc([0.5, 0.5], [0, 1])).toBe(0.5);
    expect(auroc([1, 2], [1, 1])).toBeNull();
  });
  it('binned variant agrees on well-spread scores', () => {
    const b = new BinnedAuroc();
    const s = [0.1, 0.4, 0.35, 0.8];
    [0, 0, 1, 1].forEach((l, i) => b.add(s[i]!, l === 1));
    expect(b.value()).toBeCloseTo(0.75, 6);
  });
});

describe('geometry', () => {
  it('computes IoU and suppresses overlapping boxes per class', () => {
    const a = { x1: 0, y1: 0, x2: 10, y2: 10 };
    expect(boxIou(a, { x1: 5, y1: 0, x2: 15, y2: 10 })).toBeCloseTo(1 / 3);
    const kept = nms(
      [
        { ...a, score: 0.9, classIndex: 0 },
        { x1: 1, y1: 1, x2: 11, y2: 11, score: 0.8, classIndex: 0 },
        { x1: 1, y1: 1, x2: 11, y2: 11, score: 0.7, classIndex: 1 },
      ],
      0.5,
      10,
    );
    expect(kept.map((k) => k.score)).toEqual([0.9, 0.7]);
  });

  it('traces a filled square into a 4-corner polygon', () => {
    const w = 8;
    const mask = new Uint8Array(w * w);
    for (let y = 2; y < 6; y++) for (let x = 1; x < 5; x++) mask[y * w + x] = 1;
    const [comp] = components(mask, w, w, 1);
    expect(comp).toHaveLength(16);
    const poly = simplify(traceBoundary(comp!, w, w), 0.5);
    expect(poly).toHaveLength(4);
    const xs = poly.map((p) => p[0]);
    expect(Math.min(...xs)).toBe(1.5);
    expect(Math.max(...xs)).toBe(4.5);
  });
});

describe('task metrics', () => {
  it('classification: confusion, precision and recall', () => {
    const classes = [
      { name: 'ok', ok: true },
      { name: 'ng', ok: false },
    ];
    const pred = (c: number, s: number) => ({
      task: 'cf' as const,
      classIndex: c,
      className: classes[c]!.name,
      ok: c === 0,
      score: s,
      scores: c === 0 ? [s, 1 - s] : [1 - s, s],
    });
    const m = classificationMetrics(
      classes,
      [0, 0, 1, 1],
      [pred(0, 0.9), pred(1, 0.6), pred(1, 0.8), pred(1, 0.7)],
    );
    expect(m.accuracy).toBe(0.75);
    expect(m.confusion).toEqual([
      [1, 1],
      [0, 2],
    ]);
    expect(m.perClass[1]!.precision).toBeCloseTo(2 / 3);
    expect(m.perClass[1]!.recall).toBe(1);
  });

  it('detection: perfect boxes give AP 1, a miss halves recall', () => {
    const gt = [
      [{ classIndex: 0, x1: 0, y1: 0, x2: 10, y2: 10 }],
      [{ classIndex: 0, x1: 20, y1: 20, x2: 30, y2: 30 }],
    ];
    const det = (b: { x1: number; y1: number; x2: number; y2: number }, score: number) => ({
      ...b,
      classIndex: 0,
      className: 'a',
      score,
    });
    const perfect = detectionMetrics([{ name: 'a' }], gt, [[det(gt[0]![0]!, 0.9)], [det(gt[1]![0]!, 0.8)]]);
    expect(perfect.mAP50).toBeCloseTo(1);
    expect(perfect.mAP50_95).toBeCloseTo(1);
    const half = detectionMetrics([{ name: 'a' }], gt, [[det(gt[0]![0]!, 0.9)], []]);
    expect(half.mAP50).toBeCloseTo(51 / 101);
  });
});
