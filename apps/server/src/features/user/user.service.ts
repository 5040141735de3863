// The signed-in user's own account: information, password change, password-alarm snooze.
import {
  ErrorCode,
  PASSWORD_CHANGE_REMINDER_MONTHS,
  addMonths,
  checkPasswordChange,
  isPasswordAlarmDue,
  type Actor,
  type ChangePasswordRequest,
  type UserInformation,
} from '@sightline/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import type { Db } from '@sightline/db';
import { companies, type UserRow } from '@sightline/db';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import { mapLine, mapUserProject } from '../project/project.mapper';
import type { ProjectRepository } from '../project/project.repository';
import type { UserRepository } from './user.repository';
import type { SessionRepository } from '../auth/session.repository';
import { TokenService } from '../auth/token.service';

const PROBLEM_CODES = {
  required: ErrorCode.PasswordRequired,
  weak: ErrorCode.PasswordWeak,
  sameAsOld: ErrorCode.PasswordSameAsOld,
  mismatch: ErrorCode.PasswordMismatch,
} as const;
const PROBLEM_FIELDS = {
  required: 'newPassword',
  weak: 'newPassword',
  sameAsOld: 'newPassword',
  mismatch: 'confirmPassword',
} as const;

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
    private readonly projects: ProjectRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async information(user: UserRow, actor: Actor): Promise<UserInformation> {
    const visible = await this.projects.listVisible(actor);
    const projects = visible.map((p) => mapUserProject(p, actor));
    const company = user.companyId
      ? ((await this.db.query.companies.findFirst({ where: eq(companies.id, user.companyId) })) ?? null)
      : null;
    let defaultProject: UserInformation['default_project'] = null;
    if (user.defaultProjectId) {
      const p = await this.projects.findRow(user.defaultProjectId);
      if (p) {
        const lines = (await this.projects.linesOf([p.id])).get(p.id) ?? [];
        defaultProject = { id: p.id, code: p.code, title: p.title, lines: lines.map(mapLine) };
      }
    }
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      department: user.department,
      role_id: user.roleId,
      reset_admin: user.resetByAdmin,
      company: company ? { id: company.id, name: company.name } : null,
      default_project: defaultProject,
      projects,
      permissions: Object.fromEntries(projects.map((p) => [String(p.id), p.permissions])),
      trial: user.trial,
      expires_at: user.expiresAt?.toISOString() ?? null,
      password_changed_at: user.passwordChangedAt.toISOString(),
      password_alarm: isPasswordAlarmDue(user.passwordChangedAt, user.passwordAlarmSnoozedUntil),
    };
  }

  /** Changes the password and ends the user's other sessions (this browser's refresh token stays). */
  async changePassword(
    user: UserRow,
    input: ChangePasswordRequest,
    currentRefreshToken?: string,
  ): Promise<void> {
    const problem = checkPasswordChange(input);
    if (problem) throw AppError.validation(PROBLEM_FIELDS[problem], PROBLEM_CODES[problem]);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw AppError.validation('oldPassword', ErrorCode.PasswordWrong);
    }
    await this.users.setPassword(user.id, await hashPassword(input.newPassword));
    await this.sessions.revokeOthers(
      user.id,
      currentRefreshToken ? TokenService.hashRefresh(currentRefreshToken) : null,
    );
  }

  async snoozePasswordAlarm(user: UserRow): Promise<Date> {
    const until = addMonths(new Date(), PASSWORD_CHANGE_REMINDER_MONTHS);
    await this.users.snoozePasswordAlarm(user.id, until);
    return until;
  }
}
