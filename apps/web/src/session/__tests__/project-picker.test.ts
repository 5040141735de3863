import { describe, expect, it } from 'vitest';
import { isExpired, pickCurrent } from '../project-picker';
import type { UserProject } from '../types';

const p = (id: number, lineIds: number[] = [id * 10]): UserProject => ({
  id,
  code: `P${id}`,
  title: `P${id}`,
  lines: lineIds.map((l) => ({ id: l })),
  permissions: [1, 2],
});

describe('pickCurrent', () => {
  const projects = [p(1, [10, 11]), p(2, [20])];
  it('keeps the remembered project and line while the user still has them', () => {
    const r = pickCurrent({ projects, default_project: null }, 1, 11);
    expect(r.project?.id).toBe(1);
    expect(r.line?.id).toBe(11);
  });
  it('falls back to the first line when the remembered line is gone', () => {
    expect(pickCurrent({ projects, default_project: null }, 1, 99).line?.id).toBe(10);
  });
  it('takes the first project when the remembered one is no longer allowed', () => {
    const r = pickCurrent({ projects, default_project: null }, 7, 70);
    expect(r.project?.id).toBe(1);
    expect(r.line?.id).toBe(10);
  });
  it('uses the default project when the user has no projects, else nothing', () => {
    expect(pickCurrent({ projects: [], default_project: p(5) }, null, null).project?.id).toBe(5);
    expect(pickCurrent({ projects: [], default_project: null }, 1, 1)).toEqual({ project: null, line: null });
  });
});

describe('isExpired', () => {
  const today = new Date(2026, 10, 23);
  it('is true only when the end date is before today', () => {
    expect(isExpired('2026-11-22', today)).toBe(true);
    expect(isExpired('2026-11-23', today)).toBe(false);
    expect(isExpired('2026-12-01', today)).toBe(false);
    expect(isExpired(null, today)).toBe(false);
  });
});
