// Shapes of GET /api/user/information (SPEC §4, §7) as the web uses them.
import type {
  Line,
  ProjectPermissionId,
  RoleId,
  UserInformation,
  UserProject as DomainUserProject,
} from '@sightline/domain';

/** A line as the header and monitoring pages use it (domain Line with optional display fields). */
export type ProjectLine = Pick<Line, 'id'> & Partial<Omit<Line, 'id'>> & { title?: string };

/** A project the user takes part in; the default project is normalized into the same shape. */
export interface UserProject extends Omit<
  DomainUserProject,
  'lines' | 'permissions' | 'company' | 'end_date'
> {
  company?: DomainUserProject['company'];
  end_date?: string | null;
  lines: ProjectLine[];
  permissions: ProjectPermissionId[];
}

/** GET /api/user/information (packages/domain userInformationSchema), narrowed for the web. */
export interface UserInfo extends Omit<
  UserInformation,
  'role_id' | 'projects' | 'default_project' | 'permissions' | 'password_changed_at'
> {
  role_id: RoleId;
  projects: UserProject[];
  default_project: UserProject | null;
  permissions: Record<string, number[]>;
  password_changed_at?: string;
}

export interface LookupItem {
  id: number | string;
  name?: string;
  code?: string;
  [k: string]: unknown;
}

export type LookupName =
  'labeling_type_list' | 'work_type_list' | 'process_type_list' | 'usage_type_list' | 'permission';
export const LOOKUP_NAMES: LookupName[] = [
  'labeling_type_list',
  'work_type_list',
  'process_type_list',
  'usage_type_list',
  'permission',
];

export type SessionStatus = 'booting' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: UserInfo | null;
  currentProject: UserProject | null;
  currentLine: ProjectLine | null;
  lookups: Partial<Record<LookupName, LookupItem[]>>;
  /** Projects refused because their usage period ended (SPEC §4 hasDenied). */
  deniedProjectIds: number[];
}
