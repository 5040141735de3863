// Route guards of SPEC §2/§4 as one pure decision, so every rule is unit-tested without a browser.
import {
  canEnterAdminPath,
  canEnterMyManagement,
  MY_MANAGEMENT_PATHS,
  Role,
  type ProductName,
} from '@sightline/domain';
import type { SessionState } from '../session/types';
import type { RouteMeta } from './route-meta';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; flash?: string }
  | { kind: 'noProject' }
  | { kind: 'noPermission' }
  | { kind: 'notFound' };

const ALLOW: GuardDecision = { kind: 'allow' };
const hasPerm = (s: SessionState, perm: 1 | 2) => (s.currentProject?.permissions ?? []).includes(perm);

export function decide(
  meta: RouteMeta,
  pathname: string,
  s: SessionState,
  product: ProductName,
): GuardDecision {
  if (s.status === 'booting') return { kind: 'wait' };
  const user = s.user;
  if (!user) return meta.public ? ALLOW : { kind: 'redirect', to: '/auth/login' };
  if (meta.path === '/auth/login') return { kind: 'redirect', to: '/' };

  const role = user.role_id;
  // An admin-reset password must be changed before anything else (public pages stay readable).
  if (user.reset_admin && meta.path !== '/my/change-password' && !meta.public) {
    return { kind: 'redirect', to: '/my/change-password', flash: 'common:session.forcedChange' };
  }
  // /admin is role 1's, except the notice pages, which role 2 manages too (SPEC §6).
  if (meta.area === 'admin' && !canEnterAdminPath({ roleId: role }, meta.path))
    return { kind: 'redirect', to: '/' };
  if (meta.path === '/' && role !== Role.SystemAdmin) return { kind: 'redirect', to: '/train' };
  if (meta.path === '/my' && role === Role.SystemAdmin)
    return { kind: 'redirect', to: '/my/change-password' };
  // My projects / my users manage projects and accounts: roles 4 and 5 go to their own info page.
  if (MY_MANAGEMENT_PATHS.some((p) => meta.path === p || meta.path.startsWith(`${p}/`))) {
    if (!canEnterMyManagement({ roleId: role }))
      return { kind: 'redirect', to: '/my', flash: 'common:session.noPermission' };
  }
  if (meta.area === 'usage') {
    if (pathname.startsWith('/resource-monitoring') && product === 'cloud') return { kind: 'notFound' };
    if (pathname.startsWith('/use-history') && role !== Role.SystemAdmin && role !== Role.ServiceAdmin) {
      return { kind: 'redirect', to: '/' };
    }
  }

  if (meta.area === 'train' || meta.area === 'monitoring') {
    if (!s.currentProject) return { kind: 'noProject' };
    if (role >= Role.User) {
      const need = meta.area === 'train' ? 1 : 2;
      if (!hasPerm(s, need)) {
        const other = meta.area === 'train' ? '/monitoring' : '/train';
        return hasPerm(s, need === 1 ? 2 : 1)
          ? { kind: 'redirect', to: other, flash: 'common:session.noPermission' }
          : { kind: 'noPermission' };
      }
    }
    // A company admin with no lines in the project stays on the line-status page.
    if (
      meta.area === 'monitoring' &&
      role === Role.CompanyAdmin &&
      pathname !== '/monitoring' &&
      !s.currentProject.lines.length
    ) {
      return { kind: 'redirect', to: '/monitoring' };
    }
  }
  return ALLOW;
}
