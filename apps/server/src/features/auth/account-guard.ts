// Account-wide conditions checked at login, refresh and on every authenticated request:
// the on-premise maintenance window (SPEC §4) and trial expiry (SPEC §6).
import {
  DEFAULT_MAINTENANCE_WINDOW,
  ErrorCode,
  Role,
  isTrialAccount,
  maintenanceWindowSchema,
  type MaintenanceWindow,
  type ProductName,
  type RoleId,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { SettingsRepository } from '../../settings/settings.repository';
import type { SessionRepository } from './session.repository';

export const MAINTENANCE_SETTING = 'maintenance';

export class AccountGuard {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly sessions: SessionRepository,
    private readonly productName: ProductName,
  ) {}

  /** The window in force: the 'maintenance' setting when set (and valid), else the spec's fixed one. */
  async maintenanceWindow(): Promise<MaintenanceWindow> {
    const raw = await this.settings.get<unknown>(MAINTENANCE_SETTING);
    const parsed = maintenanceWindowSchema.safeParse(raw ?? {});
    if (raw !== undefined && parsed.success) return parsed.data;
    return { ...DEFAULT_MAINTENANCE_WINDOW, exemptCompanyId: null };
  }

  /** The window only applies to on-premise deployments. */
  appliesToProduct(): boolean {
    return this.productName === 'onprem';
  }

  static isActive(w: MaintenanceWindow, now = new Date()): boolean {
    return new Date(w.start) <= now && now < new Date(w.end);
  }

  async check(user: {
    id: number;
    roleId: number;
    companyId: number | null;
    expiresAt: Date | null;
  }): Promise<void> {
    if (this.appliesToProduct() && user.roleId !== Role.SystemAdmin) {
      const w = await this.maintenanceWindow();
      if (AccountGuard.isActive(w) && (w.exemptCompanyId === null || user.companyId !== w.exemptCompanyId)) {
        // The user is logged out: the refresh token must not bring the session back (SPEC §4).
        await this.sessions.revokeAllOfUser(user.id);
        throw new AppError(ErrorCode.Maintenance, 503);
      }
    }
    if (
      isTrialAccount({ roleId: user.roleId as RoleId }, this.productName) &&
      user.expiresAt &&
      user.expiresAt <= new Date()
    ) {
      throw new AppError(ErrorCode.AccountExpired, 403);
    }
  }
}
