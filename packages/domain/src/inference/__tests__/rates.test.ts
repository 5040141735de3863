import { describe, expect, it } from 'vitest';
import { escapeOverkill, thresholdOutline } from '../rates';

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
