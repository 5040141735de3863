import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  checkReportRange,
  checkSamplingCount,
  checkSamplingRate,
  checkThreshold,
  deployCreateSchema,
  populationStability,
  qualityRates,
  selectSamples,
  verificationOptionSchema,
  wilsonInterval,
} from '..';
import { ERROR_MESSAGES } from '../../errors/messages';
import { MonitoringErrorCode } from '../codes';

describe('monitoring rules (SPEC §5, §9)', () => {
  it('threshold 0–1, sampling rate 0–100, sampling count 100–1000', () => {
    expect(checkThreshold(0)).toBeNull();
    expect(checkThreshold(1)).toBeNull();
    expect(checkThreshold(1.01)?.code).toBe('THRESHOLD_RANGE');
    expect(checkThreshold(-0.1)?.code).toBe('THRESHOLD_RANGE');
    expect(checkSamplingRate(100)).toBeNull();
    expect(checkSamplingRate(100.5)?.code).toBe('SAMPLING_RATE_RANGE');
    expect(checkSamplingCount(100)).toBeNull();
    expect(checkSamplingCount(1000)).toBeNull();
    expect(checkSamplingCount(99)?.code).toBe('SAMPLING_COUNT_RANGE');
    expect(checkSamplingCount(1001)?.code).toBe('SAMPLING_COUNT_RANGE');
    expect(checkSamplingCount(150.5)?.code).toBe('SAMPLING_COUNT_RANGE');
  });

  it('schemas answer the rule codes', () => {
    const opt = { method: 'random', period_days: 1, threshold: 0.5, sampling_rate: 10, sampling_count: 100 };
    expect(verificationOptionSchema.safeParse(opt).success).toBe(true);
    const bad = verificationOptionSchema.safeParse({ ...opt, sampling_count: 99 });
    expect(bad.error?.issues[0]?.message).toBe('SAMPLING_COUNT_RANGE');
    expect(verificationOptionSchema.safeParse({ ...opt, sampling_rate: 101 }).error?.issues[0]?.message).toBe(
      'SAMPLING_RATE_RANGE',
    );
    expect(
      deployCreateSchema.safeParse({ line_id: 1, model_id: 2, threshold: 2 }).error?.issues[0]?.message,
    ).toBe('THRESHOLD_RANGE');
  });

  it('line report: start before end, at most 30 days', () => {
    const d = (s: string) => new Date(s);
    expect(checkReportRange(d('2026-01-01'), d('2026-01-31'))).toBeNull();
    expect(checkReportRange(d('2026-01-01'), d('2026-02-01'))?.code).toBe('REPORT_RANGE_TOO_LONG');
    expect(checkReportRange(d('2026-01-02'), d('2026-01-01'))?.code).toBe('PERIOD_INVALID');
    expect(bucketStart(d('2026-01-01T13:20:00Z'), '6h').toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(bucketStart(d('2026-01-01T13:20:00Z'), '12h').toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(bucketStart(d('2026-01-01T13:20:00Z'), '1d').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('samples: active learning takes the least sure first; rate and count cap; manual none', () => {
    const c = Array.from({ length: 200 }, (_, i) => ({ id: `i${i}`, score: i / 200 }));
    const active = selectSamples('active', c, { rate: 5, count: 100, threshold: 0.5 });
    expect(active).toHaveLength(10);
    expect(active[0]).toBe('i100');
    expect(selectSamples('random', c, { rate: 100, count: 120, threshold: 0.5 })).toHaveLength(120);
    const r1 = selectSamples('random', c, { rate: 10, count: 100, threshold: 0.5, seed: 3 });
    expect(r1).toEqual(selectSamples('random', c, { rate: 10, count: 100, threshold: 0.5, seed: 3 }));
    expect(new Set(r1).size).toBe(20);
    expect(selectSamples('manual', c, { rate: 100, count: 100, threshold: 0.5 })).toEqual([]);
  });

  it('escape/overkill with Wilson intervals', () => {
    const w = wilsonInterval(5, 100);
    expect(w.rate).toBeCloseTo(0.05);
    expect(w.low).toBeGreaterThan(0.02);
    expect(w.high).toBeLessThan(0.12);
    const q = qualityRates([
      { judged: 'OK', truth: 'NG' },
      { judged: 'NG', truth: 'NG' },
      { judged: 'NG', truth: 'OK' },
      { judged: 'OK', truth: 'OK' },
      { judged: 'OK', truth: 'OK' },
      { judged: 'OK', truth: 'OK' },
    ]);
    expect(q.escape.rate).toBeCloseTo(0.5);
    expect(q.overkill.rate).toBeCloseTo(0.25);
  });

  it('drift: PSI near 0 for the same distribution, large for a shift', () => {
    const ref = Array.from({ length: 500 }, (_, i) => (i % 100) / 100);
    expect(populationStability(ref, ref)).toBeLessThan(0.01);
    const shifted = ref.map((x) => Math.min(1, x * 0.3 + 0.7));
    expect(populationStability(ref, shifted)).toBeGreaterThan(0.25);
  });

  it('every monitoring code has ko and en texts', () => {
    for (const code of Object.values(MonitoringErrorCode)) {
      expect(ERROR_MESSAGES[code]?.ko, code).toBeTruthy();
      expect(ERROR_MESSAGES[code]?.en, code).toBeTruthy();
    }
    expect(ERROR_MESSAGES.REPORT_NO_MATCH!.en).toBe(
      'No product matches the string. Please enter a serial number.',
    );
  });
});
