// The one resource-level access policy (SPEC §6). The server enforces it on every tenancy endpoint and
// the web hides actions with it, so "who may do what to which row" is decided here and nowhere else.
import { Role, hasProjectPermission, ProjectPermission, type Actor, type RoleId } from './roles';

export const ACTIONS = [
  'dashboard.read',
  'history.read',
  'company.list',
  'company.read',
  'company.create',
  'company.update',
  'project.list',
  'project.read',
  'project.create',
  'project.update',
  'project.manageMembers',
  'project.train',
  'project.monitor',
  'line.manage',
  'user.list',
  'user.read',
  'user.create',
  'user.update',
  'user.resetPassword',
  'user.setDefaultProject',
  'resetRequest.list',
  'resetRequest.read',
  'algorithm.read',
  'algorithm.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Facts about the row an action touches. Pass what the action needs:
 * company-level rows give companyId; project-level rows add projectId and managerIds;
 * user rows give userId and roleId (the target account's role, or the role being granted).
 */
export interface ResourceFacts {
  companyId?: number | null;
  projectId?: number;
  managerIds?: readonly number[];
  userId?: number;
  roleId?: RoleId;
}

const isSys = (a: Actor) => a.roleId === Role.SystemAdmin;
const isService = (a: Actor) => a.roleId === Role.ServiceAdmin;
const isCompanyAdmin = (a: Actor) => a.roleId === Role.CompanyAdmin;
/** Roles 1 and 2 work across companies (the service provider's staff). */
const isCrossTenant = (a: Actor) => isSys(a) || isService(a);
const sameCompany = (a: Actor, r: ResourceFacts) => a.companyId != null && r.companyId === a.companyId;
const isMember = (a: Actor, r: ResourceFacts) =>
  r.projectId != null && a.projectPermissions[r.projectId] !== undefined;
const isManager = (a: Actor, r: ResourceFacts) => (r.managerIds ?? []).includes(a.id);
/** A company admin manages its own company's projects. */
const companyAdminOf = (a: Actor, r: ResourceFacts) => isCompanyAdmin(a) && sameCompany(a, r);

/**
 * Which roles an actor may create or edit accounts with: only a system admin handles
 * admin-level accounts (roles 1 and 2); others handle company admins and users.
 */
function mayHandleRole(a: Actor, target: RoleId | undefined): boolean {
  if (target === undefined) return false;
  if (isSys(a)) return true;
  if (isService(a)) return target >= Role.CompanyAdmin;
  if (isCompanyAdmin(a)) return target >= Role.CompanyAdmin;
  return false;
}

/** May `actor` perform `action` on the resource described by `r`? */
export function can(actor: Actor, action: Action, r: ResourceFacts = {}): boolean {
  switch (action) {
    case 'history.read':
      return isSys(actor);
    case 'dashboard.read':
    case 'company.create':
    case 'algorithm.manage':
      return isCrossTenant(actor);
    case 'project.list':
      // Everyone lists projects; listScope() narrows users to the projects they belong to.
      return true;
    case 'company.list':
    case 'user.list':
    case 'resetRequest.list':
      // Lists are scoped by listScope(); these roles get a non-empty scope.
      return isCrossTenant(actor) || isCompanyAdmin(actor);
    case 'company.read':
    case 'company.update':
      return isCrossTenant(actor) || (action === 'company.read' && companyAdminOf(actor, r));
    case 'project.create':
      return isCrossTenant(actor) || companyAdminOf(actor, r);
    case 'project.read':
      return isCrossTenant(actor) || companyAdminOf(actor, r) || isMember(actor, r) || isManager(actor, r);
    case 'project.update':
      return isCrossTenant(actor) || companyAdminOf(actor, r);
    case 'project.manageMembers':
    case 'line.manage':
      // SPEC §6: the project admin and the company admin add or remove participants.
      return isCrossTenant(actor) || companyAdminOf(actor, r) || isManager(actor, r);
    case 'project.train':
    case 'project.monitor':
      if (!can(actor, 'project.read', r) || r.projectId == null) return false;
      return hasProjectPermission(
        actor,
        r.projectId,
        action === 'project.train' ? ProjectPermission.Training : ProjectPermission.Monitoring,
      );
    case 'user.read':
      if (r.userId === actor.id) return true;
      return isCrossTenant(actor) || (isCompanyAdmin(actor) && sameCompany(actor, r));
    case 'user.create':
    case 'user.update':
    case 'user.resetPassword':
      if (!mayHandleRole(actor, r.roleId)) return false;
      return isCrossTenant(actor) || sameCompany(actor, r);
    case 'resetRequest.read':
      // A request naming no account (unknown ID) concerns the service staff only.
      if (r.userId === undefined) return isCrossTenant(actor);
      return isCrossTenant(actor) || (isCompanyAdmin(actor) && sameCompany(actor, r));
    case 'user.setDefaultProject':
      // SPEC §6: set per user (by themselves) or by an administrator of that user.
      if (r.userId === actor.id) return true;
      return can(actor, 'user.update', r);
    case 'algorithm.read':
      // Any signed-in user may read algorithms; project scoping is applied by the caller.
      return true;
  }
}

/** Throws-free helper for lists: which rows a list may show. */
export type ListScope =
  | { kind: 'all' }
  | { kind: 'company'; companyId: number }
  | { kind: 'member'; userId: number }
  | { kind: 'none' };

/**
 * The row filter for a list of companies, projects, users or reset requests.
 * Roles 1–2 see everything, a company admin their company, others only projects they belong to.
 */
export function listScope(actor: Actor, entity: 'company' | 'project' | 'user' | 'resetRequest'): ListScope {
  if (isCrossTenant(actor)) return { kind: 'all' };
  if (isCompanyAdmin(actor))
    return actor.companyId != null ? { kind: 'company', companyId: actor.companyId } : { kind: 'none' };
  if (entity === 'project') return { kind: 'member', userId: actor.id };
  return { kind: 'none' };
}

/** SPEC §5: "an account whose role does not allow it cannot be registered as administrator". */
export const MANAGER_ELIGIBLE_ROLES: readonly RoleId[] = [Role.ServiceAdmin, Role.CompanyAdmin, Role.User];

/** May this account become a project administrator (manager) of a project in `projectCompanyId`? */
export function isManagerEligible(
  account: { roleId: RoleId; companyId: number | null },
  projectCompanyId: number,
): boolean {
  if (!MANAGER_ELIGIBLE_ROLES.includes(account.roleId)) return false;
  // Service admins work across companies; everyone else only inside the project's company.
  return account.roleId === Role.ServiceAdmin || account.companyId === projectCompanyId;
}
