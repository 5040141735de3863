// Live re-judging at the slider's threshold: judgements, outlines, rates, histogram and ROC point.
import { describe, expect, it } from 'vitest';
import { AD_ROWS, adEvaluation } from '../__tests__/fixtures';
import { judgeRow, operatingPoint, rates, scoreHistogram, sliderRange } from './threshold';

const scores = (adEvaluation().detail as { scores: { ok: number[]; ng: number[] } }).scores;

describe('judgeRow', () => {
  it('keeps the stored judgement at the stored threshold (NG outlined active, OK without outline)', () => {
    const j = AD_ROWS.map((r) => judgeRow(r, 0.5, 0.5));
    expect(j.map((x) => x.ng)).toEqual([false, false, true, false, true]);
    expect(j.map((x) => x.correct)).toEqual(AD_ROWS.map((r) => r.correct));
    expect(j.map((x) => x.outline)).toEqual([null, null, 'threshold-active', null, 'threshold-active']);
  });

  it('marks images that turn NG or OK when the threshold moves', () => {
    const down = AD_ROWS.map((r) => judgeRow(r, 0.5, 0.35));
    expect(down.map((x) => x.outline)).toEqual([
      null,
      null,
      'threshold-active',
      'threshold-diff-ng',
      'threshold-active',
    ]);
    expect(down[3]!.correct).toBe(true); // the NG image at 0.4 is caught now
    const up = AD_ROWS.map((r) => judgeRow(r, 0.5, 0.7));
    expect(up.map((x) => x.outline)).toEqual([null, null, 'threshold-diff-ok', null, 'threshold-active']);
    expect(up[2]!.correct).toBe(true); // the OK image at 0.6 is no longer overkill
  });

  it('treats a score equal to the threshold as NG and leaves unscored images alone', () => {
    expect(judgeRow({ score: 0.4, true_class: 1 }, 0.5, 0.4).ng).toBe(true);
    expect(judgeRow({ score: null, true_class: 1 }, 0.5, 0.4)).toEqual({
      ng: false,
      correct: null,
      outline: null,
    });
  });
});

describe('rates', () => {
  it('gives escape (NG judged OK) and overkill (OK judged NG) rates', () => {
    expect(rates(scores, 0.5)).toMatchObject({
      escapes: 1,
      overkills: 1,
      escapeRate: 0.5,
      overkillRate: 1 / 3,
    });
    expect(rates(scores, 0.35)).toMatchObject({ escapes: 0, overkills: 1, escapeRate: 0 });
    expect(rates(scores, 0.9)).toMatchObject({ escapes: 2, overkills: 0, escapeRate: 1, overkillRate: 0 });
  });

  it('puts the operating point on the ROC axes', () => {
    expect(operatingPoint(scores, 0.5)).toEqual({ fpr: 1 / 3, tpr: 0.5 });
    expect(operatingPoint(scores, 0)).toEqual({ fpr: 1, tpr: 1 });
  });
});

describe('scoreHistogram', () => {
  it('counts OK and NG scores per bin over [0, 1]', () => {
    const bins = scoreHistogram(scores, 10);
    expect(bins).toHaveLength(10);
    expect(bins.reduce((a, b) => a + b.ok, 0)).toBe(3);
    expect(bins.reduce((a, b) => a + b.ng, 0)).toBe(2);
    expect(bins[8]).toMatchObject({ bin: '0.80', ng: 1, ok: 0 });
    expect(bins[1]).toMatchObject({ ok: 1, ng: 0 });
  });

  it('widens the range to scores outside [0, 1]', () => {
    const bins = scoreHistogram({ ok: [0.5], ng: [3] }, 3);
    expect(bins[0]!.from).toBe(0);
    expect(bins[2]!.to).toBeCloseTo(3);
    expect(bins[2]!.ng).toBe(1);
    expect(sliderRange({ ok: [0.5], ng: [3] }, 0.5)).toMatchObject({ min: 0, max: 3 });
  });
});
