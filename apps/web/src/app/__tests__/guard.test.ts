import { describe, expect, it } from 'vitest';
import { decide } from '../guard';
import type { RouteMeta } from '../route-meta';
import type { SessionState, UserInfo, UserProject } from '../../session/types';

const project = (id: number, permissions: (1 | 2)[], lines = 1): UserProject => ({
  id,
  code: `P${id}`,
  title: `Project ${id}`,
  lines: Array.from({ length: lines }, (_, i) => ({ id: id * 10 + i, code: `L${i}`, name: `Line ${i}` })),
  permissions,
});
const user = (role_id: UserInfo['role_id'], extra: Partial<UserInfo> = {}): UserInfo => ({
  id: 1,
  username: 'u',
  name: 'U',
  department: '',
  role_id,
  reset_admin: false,
  company: null,
  default_project: null,
  projects: [],
  permissions: {},
  trial: false,
  expires_at: null,
  password_alarm: false,
  ...extra,
});
const session = (u: UserInfo | null, current: UserProject | null = null): SessionState => ({
  status: u ? 'authenticated' : 'anonymous',
  user: u,
  currentProject: current,
  currentLine: current?.lines[0] ?? null,
  lookups: {},
  deniedProjectIds: [],
});
const meta = (path: string, area: RouteMeta['area'], pub = false): RouteMeta => ({
  path,
  area,
  layout: 'default',
  title: 't',
  public: pub,
});

describe('route guard', () => {
  it('waits while the session boots', () => {
    expect(
      decide(meta('/train', 'train'), '/train', { ...session(null), status: 'booting' }, 'onprem').kind,
    ).toBe('wait');
  });

  it('sends visitors to login except on public pages', () => {
    expect(decide(meta('/train', 'train'), '/train', session(null), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    expect(decide(meta('/admin', 'admin'), '/admin', session(null), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    for (const p of ['/auth/login', '/notices', '/intro', '/cs', '/privacyPolicy']) {
      expect(decide(meta(p, 'general', true), p, session(null), 'onprem').kind).toBe('allow');
    }
  });

  it('sends a logged-in user away from the login page', () => {
    expect(decide(meta('/auth/login', 'auth', true), '/auth/login', session(user(4)), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('lets only role 1 into /admin and keeps role 1 on the home page', () => {
    for (const r of [2, 3, 4, 5] as const) {
      expect(decide(meta('/admin', 'admin'), '/admin', session(user(r)), 'onprem')).toEqual({
        kind: 'redirect',
        to: '/',
      });
      expect(decide(meta('/', 'home'), '/', session(user(r)), 'onprem')).toEqual({
        kind: 'redirect',
        to: '/train',
      });
    }
    expect(decide(meta('/admin', 'admin'), '/admin', session(user(1)), 'onprem').kind).toBe('allow');
    expect(decide(meta('/', 'home'), '/', session(user(1)), 'onprem').kind).toBe('allow');
  });

  it('lets role 2 into exactly the notice pages of /admin (SPEC §6: notices are theirs)', () => {
    const notice: [string, string][] = [
      ['/admin/notice', '/admin/notice'],
      ['/admin/notice/create', '/admin/notice/create'],
      ['/admin/notice/:id', '/admin/notice/4'],
      ['/admin/notice/:id/edit', '/admin/notice/4/edit'],
      ['/admin/notice/company', '/admin/notice/company'],
      ['/admin/notice/company/create', '/admin/notice/company/create'],
      ['/admin/notice/company/:id', '/admin/notice/company/4'],
      ['/admin/notice/company/:id/edit', '/admin/notice/company/4/edit'],
    ];
    for (const [path, pathname] of notice) {
      for (const r of [1, 2] as const)
        expect(decide(meta(path, 'admin'), pathname, session(user(r)), 'onprem').kind).toBe('allow');
      for (const r of [3, 4, 5] as const)
        expect(decide(meta(path, 'admin'), pathname, session(user(r)), 'onprem')).toEqual({
          kind: 'redirect',
          to: '/',
        });
    }
    // The rest of /admin stays role 1's.
    for (const p of [
      '/admin/history',
      '/admin/company',
      '/admin/project',
      '/admin/user',
      '/admin/algorithm',
      '/admin/statistics/train',
      '/admin/noticeboard',
    ]) {
      expect(decide(meta(p, 'admin'), p, session(user(2)), 'onprem')).toEqual({ kind: 'redirect', to: '/' });
      expect(decide(meta(p, 'admin'), p, session(user(1)), 'onprem').kind).toBe('allow');
    }
  });

  it('sends role 1 from /my to change-password', () => {
    expect(decide(meta('/my', 'my'), '/my', session(user(1)), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/my/change-password',
    });
    expect(decide(meta('/my', 'my'), '/my', session(user(2)), 'onprem').kind).toBe('allow');
  });

  it('sends roles 4 and 5 away from my projects and my users (SPEC §2, §4)', () => {
    const routes: [string, string][] = [
      ['/my/projects', '/my/projects'],
      ['/my/projects/create', '/my/projects/create'],
      ['/my/projects/:id', '/my/projects/7'],
      ['/my/projects/:id/user/manager', '/my/projects/7/user/manager'],
      ['/my/user', '/my/user'],
      ['/my/user/create', '/my/user/create'],
      ['/my/user/:id/edit', '/my/user/3/edit'],
    ];
    for (const [path, pathname] of routes) {
      for (const r of [4, 5] as const) {
        expect(decide(meta(path, 'my'), pathname, session(user(r)), 'onprem')).toEqual({
          kind: 'redirect',
          to: '/my',
          flash: 'common:session.noPermission',
        });
      }
      for (const r of [2, 3] as const) {
        expect(decide(meta(path, 'my'), pathname, session(user(r)), 'onprem').kind).toBe('allow');
      }
    }
    // Their own pages under /my stay open.
    for (const p of ['/my', '/my/usage-projects', '/my/change-password']) {
      expect(decide(meta(p, 'my'), p, session(user(4)), 'onprem').kind).toBe('allow');
      expect(decide(meta(p, 'my'), p, session(user(5)), 'cloud').kind).toBe('allow');
    }
  });

  it('forces an admin-reset user to change the password first', () => {
    const u = user(4, { reset_admin: true });
    expect(decide(meta('/train', 'train'), '/train', session(u, project(1, [1])), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/my/change-password',
      flash: 'common:session.forcedChange',
    });
    expect(decide(meta('/my/change-password', 'my'), '/my/change-password', session(u), 'onprem').kind).toBe(
      'allow',
    );
  });

  it('needs permission 1 for train and 2 for monitoring from role 4 on', () => {
    const onlyMonitoring = project(1, [2]);
    expect(decide(meta('/train', 'train'), '/train', session(user(4), onlyMonitoring), 'onprem')).toEqual({
      kind: 'redirect',
      to: '/monitoring',
      flash: 'common:session.noPermission',
    });
    expect(
      decide(meta('/monitoring', 'monitoring'), '/monitoring', session(user(4), onlyMonitoring), 'onprem')
        .kind,
    ).toBe('allow');
    expect(decide(meta('/train', 'train'), '/train', session(user(4), project(1, [])), 'onprem').kind).toBe(
      'noPermission',
    );
    // Managers are not limited by per-project permissions.
    expect(decide(meta('/train', 'train'), '/train', session(user(3), project(1, [])), 'onprem').kind).toBe(
      'allow',
    );
  });

  it('tells users without a project to ask the administrator', () => {
    expect(decide(meta('/train', 'train'), '/train', session(user(4)), 'onprem').kind).toBe('noProject');
  });

  it('keeps a company admin with no lines on the line-status page', () => {
    const noLines = project(1, [1, 2], 0);
    expect(
      decide(meta('/monitoring/line', 'monitoring'), '/monitoring/line', session(user(3), noLines), 'onprem'),
    ).toEqual({
      kind: 'redirect',
      to: '/monitoring',
    });
    expect(
      decide(meta('/monitoring', 'monitoring'), '/monitoring', session(user(3), noLines), 'onprem').kind,
    ).toBe('allow');
  });

  it('hides resource monitoring in the cloud theme and use history from roles 3+', () => {
    expect(
      decide(meta('/resource-monitoring', 'usage'), '/resource-monitoring', session(user(2)), 'cloud').kind,
    ).toBe('notFound');
    expect(
      decide(meta('/resource-monitoring', 'usage'), '/resource-monitoring', session(user(2)), 'onprem').kind,
    ).toBe('allow');
    expect(decide(meta('/use-history', 'usage'), '/use-history', session(user(3)), 'onprem').kind).toBe(
      'redirect',
    );
    expect(decide(meta('/use-history', 'usage'), '/use-history', session(user(2)), 'onprem').kind).toBe(
      'allow',
    );
  });
});
