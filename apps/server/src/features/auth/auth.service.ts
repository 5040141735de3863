// Login (with per-account lockout and per-IP limit), refresh-token rotation and logout.
import { ErrorCode } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { UserRepository } from '../user/user.repository';
import type { AccountGuard } from './account-guard';
import type { RateLimitRepository } from './rate-limit.repository';
import type { SessionRepository } from './session.repository';
import { TokenService } from './token.service';
import { hashPassword, verifyPassword } from './password-hasher';

export const LOGIN_LIMITS = {
  /** Failed logins in a row before the account locks. */
  maxFailures: 5,
  lockMinutes: 10,
  /** Failed logins per IP per minute before that IP gets 429. */
  ipFailuresPerMinute: 20,
} as const;

/**
 * Two tabs refreshing at the same moment both send the same cookie; the second arrives after the first
 * rotated it. Within this window that is not treated as theft: it gets an access token, no new cookie
 * (the browser already holds the rotated one).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface IssuedSession {
  token: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
  /** The refresh_tokens row just created (internal: links the rotated token to it). */
  sessionId: number;
}

// Verifying against a real hash for unknown usernames keeps response time from revealing them.
let dummyHash: Promise<string> | null = null;

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly limits: RateLimitRepository,
    private readonly guard: AccountGuard,
    private readonly tokens: TokenService,
    private readonly refreshTtlDays: number,
  ) {}

  async login(username: string, password: string, ip: string): Promise<IssuedSession> {
    const ipKey = `login-ip:${ip}`;
    if ((await this.limits.peek(ipKey, 60)) >= LOGIN_LIMITS.ipFailuresPerMinute) {
      throw new AppError(ErrorCode.TooManyRequests, 429);
    }
    const user = await this.users.findByUsername(username);
    if (user?.lockedUntil && user.lockedUntil > new Date()) {
      throw new AppError(ErrorCode.AccountLocked, 423, { minutes: minutesLeft(user.lockedUntil) });
    }
    const ok = user
      ? await verifyPassword(user.passwordHash, password)
      : (await verifyPassword(await (dummyHash ??= hashPassword('not-a-user-0')), password), false);
    if (!user || !ok) {
      await this.limits.hit(ipKey, 60);
      if (user) {
        const { locked } = await this.users.recordFailedLogin(
          user.id,
          LOGIN_LIMITS.maxFailures,
          LOGIN_LIMITS.lockMinutes,
        );
        if (locked) throw new AppError(ErrorCode.AccountLocked, 423, { minutes: LOGIN_LIMITS.lockMinutes });
      }
      throw new AppError(ErrorCode.InvalidCredentials, 401);
    }
    await this.guard.check(user);
    if (user.failedLogins > 0 || user.lockedUntil) await this.users.clearFailedLogins(user.id);
    return this.issue(user);
  }

  /** Exchanges a refresh token for a new access token and a new refresh token (rotation). */
  /** A new access token; refreshToken is null when the cookie must stay as it is (grace reuse). */
  async refresh(
    refreshToken: string | undefined,
  ): Promise<IssuedSession | (Omit<IssuedSession, 'refreshToken'> & { refreshToken: null })> {
    if (!refreshToken) throw AppError.unauthorized(ErrorCode.SessionExpired);
    const row = await this.sessions.findByHash(TokenService.hashRefresh(refreshToken));
    if (!row || row.expiresAt <= new Date()) throw AppError.unauthorized(ErrorCode.SessionExpired);
    if (row.revokedAt) {
      if (row.replacedBy && Date.now() - row.revokedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
        const successor = await this.sessions.findById(row.replacedBy);
        const familyAlive = successor && (!successor.revokedAt || successor.replacedBy !== null);
        const user = familyAlive ? await this.users.findById(row.userId) : undefined;
        if (user) {
          await this.guard.check(user);
          const token = await this.tokens.signAccess(user, successor!.id);
          return {
            token,
            expiresIn: this.tokens.accessTtlSec,
            refreshToken: null,
            refreshExpiresAt: row.expiresAt,
            sessionId: successor!.id,
          };
        }
      }
      // A rotated token used again later means it leaked (or a replay): end every session of the user.
      if (row.replacedBy) await this.sessions.revokeAllOfUser(row.userId);
      throw AppError.unauthorized(ErrorCode.SessionExpired);
    }
    const user = await this.users.findById(row.userId);
    if (!user) throw AppError.unauthorized(ErrorCode.SessionExpired);
    await this.guard.check(user);
    const next = await this.issue(user);
    if (!(await this.sessions.rotate(row.id, next.sessionId))) {
      await this.sessions.revoke(next.sessionId);
      throw AppError.unauthorized(ErrorCode.SessionExpired);
    }
    return next;
  }

  /** Ends the session of the refresh cookie and/or of the access token (`sessionId`, its sid claim). */
  async logout(refreshToken: string | undefined, sessionId?: number | null): Promise<void> {
    if (sessionId) await this.sessions.revoke(sessionId);
    if (!refreshToken) return;
    const row = await this.sessions.findByHash(TokenService.hashRefresh(refreshToken));
    if (row) await this.sessions.revoke(row.id);
  }

  private async issue(user: {
    id: number;
    roleId: number;
    companyId: number | null;
  }): Promise<IssuedSession> {
    const { token: refreshToken, hash } = TokenService.newRefreshToken();
    const refreshExpiresAt = new Date(Date.now() + this.refreshTtlDays * 86_400_000);
    const sessionId = await this.sessions.create(user.id, hash, refreshExpiresAt);
    const token = await this.tokens.signAccess(user, sessionId);
    return { token, expiresIn: this.tokens.accessTtlSec, refreshToken, refreshExpiresAt, sessionId };
  }
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
