import { describe, expect, it } from 'vitest';
import { escapeOverkill, judgeCfScores, thresholdOutline } from '../rates';

describe('escape and overkill rates', () => {
  const scores = { ok: [0.1, 0.2, 0.6, 0.3], ng: [0.9, 0.4, 0.7] };
  it('counts NG judged OK and OK judged NG at the threshold (score ≥ threshold is NG)', () => {
    const r = escapeOverkill(scores, 0.5);
    expect(r).toMatchObject({ escapes: 1, overkills: 1, ok: 4, ng: 3 });
    expect(r.escapeRate).toBeCloseTo(1 / 3);
    expect(r.overkillRate).toBeCloseTo(0.25);
    expect(escapeOverkill(scores, 0.7)).toMatchObject({ escapes: 1, overkills: 0 });
    expect(escapeOverkill(scores, 0)).toMatchObject({ escapeRate: 0, overkillRate: 1 });
    expect(escapeOverkill(scores, 1.01)).toMatchObject({ escapeRate: 1, overkillRate: 0 });
  });
  it('empty lists give zero rates', () => {
    expect(escapeOverkill({ ok: [], ng: [] }, 0.5)).toMatchObject({ escapeRate: 0, overkillRate: 0 });
  });
  it('outline colours mark changed judgements', () => {
    expect(thresholdOutline(0.6, 0.7, 0.5)).toBe('threshold-diff-ng');
    expect(thresholdOutline(0.6, 0.5, 0.7)).toBe('threshold-diff-ok');
    expect(thresholdOutline(0.9, 0.5, 0.7)).toBe('threshold-active');
    expect(thresholdOutline(0.1, 0.5, 0.7)).toBeNull();
  });
});

describe('judgeCfScores', () => {
  const ok = [true, false, false];
  it('judges NG when the NG classes together reach the threshold, naming the likeliest NG class', () => {
    // OK is the single most likely class, but the two defects together outweigh it at 0.5.
    const j = judgeCfScores([0.4, 0.35, 0.25], ok, 0.5);
    expect(j).toMatchObject({ classIndex: 1, ng: true });
    expect(j.ngMass).toBeCloseTo(0.6);
    expect(judgeCfScores([0.4, 0.35, 0.25], ok, 0.7)).toMatchObject({ classIndex: 0, ng: false });
  });
  it('a lower threshold turns more images NG', () => {
    expect(judgeCfScores([0.9, 0.06, 0.04], ok, 0.5).ng).toBe(false);
    expect(judgeCfScores([0.9, 0.06, 0.04], ok, 0.05).ng).toBe(true);
  });
  it('without an OK class the most likely class wins', () => {
    expect(judgeCfScores([0.2, 0.5, 0.3], [false, false, false], 0.99)).toMatchObject({
      classIndex: 1,
      ng: true,
    });
  });
});
