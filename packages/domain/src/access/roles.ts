// Roles and permission ids of SPEC §6. The single place both server and web ask "who may do what".
import type { ProductName } from '../constants';

export const Role = {
  SystemAdmin: 1,
  ServiceAdmin: 2,
  CompanyAdmin: 3,
  User: 4,
  Trial: 5,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5];

/** Per-project permissions: 1 = training (/train), 2 = monitoring (/monitoring). */
export const ProjectPermission = { Training: 1, Monitoring: 2 } as const;
export type ProjectPermissionId = (typeof ProjectPermission)[keyof typeof ProjectPermission];
export const PROJECT_PERMISSION_IDS: readonly ProjectPermissionId[] = [1, 2];

/** Message key for each role's label (translated by the caller). */
export const ROLE_LABEL_KEYS: Record<RoleId, string> = {
  1: 'role.systemAdmin',
  2: 'role.serviceAdmin',
  3: 'role.companyAdmin',
  4: 'role.user',
  5: 'role.trial',
};

/** The facts about a signed-in user that access decisions need. */
export interface Actor {
  id: number;
  roleId: RoleId;
  companyId: number | null;
  /** projectId → permission ids the user holds in that project. */
  projectPermissions: Record<number, ProjectPermissionId[]>;
}

export const isSystemAdmin = (a: Pick<Actor, 'roleId'>) => a.roleId === Role.SystemAdmin;

/** A trial account is role 5 on the public-cloud product (SPEC §6). */
export const isTrialAccount = (a: Pick<Actor, 'roleId'>, product: ProductName) =>
  a.roleId === Role.Trial && product === 'cloud';

/** Only role 1 enters /admin (SPEC §4 route guards). */
export const canEnterAdmin = (a: Pick<Actor, 'roleId'>) => a.roleId === Role.SystemAdmin;

/**
 * The /admin pages the service admin (role 2) works in: notices (SPEC §6 gives role 2 notices, and no other
 * route manages them). Its projects and users are under /my; the rest of /admin stays role 1's.
 */
export const SERVICE_ADMIN_PATHS = ['/admin/notice'] as const;
/** May this role open this /admin path? Role 1: all of it; role 2: SERVICE_ADMIN_PATHS; others: none. */
export function canEnterAdminPath(a: Pick<Actor, 'roleId'>, path: string): boolean {
  if (canEnterAdmin(a)) return true;
  if (a.roleId !== Role.ServiceAdmin) return false;
  return SERVICE_ADMIN_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * /my/projects and /my/user manage projects and accounts: the service admin (the menu is theirs, SPEC §2)
 * and the company admin (its own company, SPEC §6) use them; role 1 works in /admin. Roles 4 and 5
 * manage nothing and are sent away (SPEC §2, §4).
 */
export const MY_MANAGEMENT_PATHS = ['/my/projects', '/my/user'] as const;
export const canEnterMyManagement = (a: Pick<Actor, 'roleId'>) => a.roleId <= Role.CompanyAdmin;

/**
 * Roles 4 and above need permission 1 in the project for /train and 2 for /monitoring.
 * Roles 1–3 manage, so they are not limited by per-project permissions.
 */
export function hasProjectPermission(a: Actor, projectId: number, perm: ProjectPermissionId): boolean {
  if (a.roleId <= Role.CompanyAdmin) return true;
  return (a.projectPermissions[projectId] ?? []).includes(perm);
}
export const canEnterTrain = (a: Actor, projectId: number) =>
  hasProjectPermission(a, projectId, ProjectPermission.Training);
export const canEnterMonitoring = (a: Actor, projectId: number) =>
  hasProjectPermission(a, projectId, ProjectPermission.Monitoring);

/** Navigation items each role sees (SPEC §2, §6). */
export function navigationFor(a: Pick<Actor, 'roleId'>, product: ProductName) {
  const r = a.roleId;
  return {
    admin: r === Role.SystemAdmin,
    myInfo: r !== Role.SystemAdmin,
    notifications: r !== Role.SystemAdmin,
    notices: r !== Role.SystemAdmin,
    myProjects: r === Role.ServiceAdmin,
    myUsers: r === Role.ServiceAdmin,
    /** /my/statistics: the caller's own work; role 1 reads /admin/statistics instead. */
    myStatistics: r !== Role.SystemAdmin,
    /** Notice management (/admin/notice) in the default navigation of role 2 (role 1 has the admin nav). */
    noticeAdmin: r === Role.ServiceAdmin,
    useHistory: r === Role.SystemAdmin || r === Role.ServiceAdmin,
    resourceMonitoring: product !== 'cloud',
    customerService: product === 'cloud',
    helpWidget: product !== 'cloud',
    lineDropdown: product !== 'onprem',
  };
}
