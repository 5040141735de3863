import { describe, expect, it } from 'vitest';
import {
  canEnterAdmin,
  canEnterAdminPath,
  canEnterMyManagement,
  canEnterMonitoring,
  canEnterTrain,
  navigationFor,
  type Actor,
} from '../roles';

const user = (roleId: Actor['roleId'], perms: Actor['projectPermissions'] = {}): Actor => ({
  id: 1,
  roleId,
  companyId: 1,
  projectPermissions: perms,
});

describe('route access', () => {
  it('lets only role 1 into /admin', () => {
    expect([1, 2, 3, 4, 5].map((r) => canEnterAdmin(user(r as Actor['roleId'])))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  it('keeps roles 4 and 5 out of /my/projects and /my/user', () => {
    expect([1, 2, 3, 4, 5].map((r) => canEnterMyManagement(user(r as Actor['roleId'])))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  it('needs permission 1 for /train and 2 for /monitoring from role 4 up', () => {
    const u = user(4, { 7: [1] });
    expect(canEnterTrain(u, 7)).toBe(true);
    expect(canEnterMonitoring(u, 7)).toBe(false);
    expect(canEnterTrain(u, 8)).toBe(false);
    expect(canEnterMonitoring(user(3), 7)).toBe(true);
  });
});

describe('navigationFor', () => {
  it('shows my projects and users to role 2 only and hides notices from role 1', () => {
    expect(navigationFor(user(2), 'onprem').myProjects).toBe(true);
    expect(navigationFor(user(3), 'onprem').myProjects).toBe(false);
    expect(navigationFor(user(1), 'onprem').notices).toBe(false);
    expect(navigationFor(user(1), 'onprem').useHistory).toBe(true);
    expect(navigationFor(user(4), 'onprem').useHistory).toBe(false);
  });
  it('gives my statistics to every role but 1, and notice management to role 2', () => {
    expect(
      [1, 2, 3, 4, 5].map((r) => navigationFor(user(r as Actor['roleId']), 'onprem').myStatistics),
    ).toEqual([false, true, true, true, true]);
    expect(navigationFor(user(5), 'cloud').myStatistics).toBe(true);
    expect(
      [1, 2, 3, 4, 5].map((r) => navigationFor(user(r as Actor['roleId']), 'onprem').noticeAdmin),
    ).toEqual([false, true, false, false, false]);
  });
  it('opens /admin to role 1 and only its notice pages to role 2', () => {
    expect(canEnterAdminPath(user(1), '/admin/company')).toBe(true);
    expect(canEnterAdminPath(user(2), '/admin/notice')).toBe(true);
    expect(canEnterAdminPath(user(2), '/admin/notice/company/3/edit')).toBe(true);
    expect(canEnterAdminPath(user(2), '/admin/noticeboard')).toBe(false);
    expect(canEnterAdminPath(user(2), '/admin')).toBe(false);
    expect(canEnterAdminPath(user(2), '/admin/algorithm')).toBe(false);
    expect(canEnterAdminPath(user(3), '/admin/notice')).toBe(false);
  });
  it('hides resource monitoring and shows /cs in the cloud theme', () => {
    expect(navigationFor(user(4), 'cloud')).toMatchObject({
      resourceMonitoring: false,
      customerService: true,
      helpWidget: false,
    });
  });
});
