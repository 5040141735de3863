import { describe, expect, it } from 'vitest';
import { daysRemaining, defaultOriginPath, downloadFilePath, expiredDate, fileCount } from '../download';

describe('download item derivations', () => {
  it('counts comma-separated origin files, ignoring blanks', () => {
    expect(fileCount('a.png,b.png, c.png')).toBe(3);
    expect(fileCount('a.png,,')).toBe(1);
    expect(fileCount('')).toBe(0);
    expect(fileCount(null)).toBe(0);
  });

  it('expires 3 days after creation', () => {
    expect(expiredDate('2026-01-01T10:00:00Z').toISOString()).toBe('2026-01-04T10:00:00.000Z');
  });

  it('counts whole days remaining, never below 0', () => {
    const exp = new Date('2026-01-04T10:00:00Z');
    expect(daysRemaining(exp, new Date('2026-01-01T10:00:00Z'))).toBe(3);
    expect(daysRemaining(exp, new Date('2026-01-03T11:00:00Z'))).toBe(1);
    expect(daysRemaining(exp, new Date('2026-01-04T10:00:00Z'))).toBe(0);
    expect(daysRemaining(exp, new Date('2026-02-01T00:00:00Z'))).toBe(0);
  });

  it('builds the default origin path, with inference for the test usage type', () => {
    const base = { project_code: 'PRJ1', work_output: 'out_1' };
    expect(defaultOriginPath({ ...base, usage_type_code: 'test' })).toBe('project/PRJ1/data/inference/out_1');
    expect(defaultOriginPath({ ...base, usage_type_code: 'train' })).toBe('project/PRJ1/data/train/out_1');
    expect(defaultOriginPath({ ...base, usage_type_code: 'train', origin_path: 'x/y' })).toBe('x/y');
    expect(defaultOriginPath({ ...base, usage_type_code: null })).toBe('project/PRJ1/data/out_1');
  });

  it('builds the file path under the image base', () => {
    expect(
      downloadFilePath({ project_code: 'PRJ1', username: 'kim', job_id: 'j-1', file_name: 'a b.zip' }),
    ).toBe('/PRJ1/download/kim/j-1/a%20b.zip');
  });
});
