import { describe, expect, it } from 'vitest';
import { JOB_KINDS, clampProgress, isFinishedJobStatus, jobSchema } from '../jobs';

describe('jobs union', () => {
  it('lists every kind once and validates payloads per kind', () => {
    expect(JOB_KINDS).toContain('system.sleep');
    expect(new Set(JOB_KINDS).size).toBe(JOB_KINDS.length);
    expect(jobSchema.parse({ kind: 'system.sleep', payload: { ms: 5 } })).toEqual({
      kind: 'system.sleep',
      payload: { ms: 5, steps: 10 },
    });
    expect(jobSchema.safeParse({ kind: 'system.sleep', payload: { ms: -1 } }).success).toBe(false);
    expect(jobSchema.safeParse({ kind: 'no.such', payload: {} }).success).toBe(false);
  });

  it('clamps progress to a whole percent in 0–100', () => {
    expect(clampProgress(-3)).toBe(0);
    expect(clampProgress(42.6)).toBe(43);
    expect(clampProgress(180)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });

  it('knows which statuses are final', () => {
    expect(isFinishedJobStatus('running')).toBe(false);
    expect(isFinishedJobStatus('cancelled')).toBe(true);
  });
});
