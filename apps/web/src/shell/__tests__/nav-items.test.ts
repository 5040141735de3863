import { describe, expect, it } from 'vitest';
import { defaultNav, isActive } from '../nav/nav-items';

const keys = (roleId: 1 | 2 | 3 | 4 | 5, product: 'onprem' | 'cloud' | 'telecom' = 'onprem') =>
  defaultNav(roleId, product).flatMap((s) => s.items.map((i) => `${s.key}.${i.key}`));

describe('default navigation', () => {
  it('lists my statistics in the my section for roles 2–5 (SPEC §2 my area), in every theme', () => {
    for (const r of [2, 3, 4, 5] as const)
      for (const p of ['onprem', 'cloud', 'telecom'] as const)
        expect(keys(r, p)).toContain('my.myStatistics');
    expect(keys(1)).not.toContain('my.myStatistics');
    const item = defaultNav(4, 'onprem')
      .flatMap((s) => s.items)
      .find((i) => i.key === 'myStatistics')!;
    expect(item.to).toBe('/my/statistics');
    expect(isActive(item, '/my/statistics/trend')).toBe(true);
  });

  it('gives role 2 the notice-management entry (/admin/notice) and no other admin entry', () => {
    expect(keys(2)).toContain('more.noticeAdmin');
    expect(keys(2)).not.toContain('more.admin');
    for (const r of [1, 3, 4, 5] as const) expect(keys(r)).not.toContain('more.noticeAdmin');
    const item = defaultNav(2, 'onprem')
      .flatMap((s) => s.items)
      .find((i) => i.key === 'noticeAdmin')!;
    expect(item.to).toBe('/admin/notice');
    expect(isActive(item, '/admin/notice/company/3/edit')).toBe(true);
  });
});
