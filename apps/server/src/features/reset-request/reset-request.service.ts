// Password-reset requests (SPEC §3, §4): a user asks on the login page; an administrator of that
// account sets a temporary password (answered once) with the forced-change flag, or marks it invalid.
import {
  ErrorCode,
  TenancyErrorCode,
  can,
  generatePassword,
  listScope,
  maskName,
  type ListQuery,
  type PageOf,
  type ResetRequest,
  type ResetRequestStatus,
  type RoleId,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import { hashPassword } from '../auth/password-hasher';
import { RateLimitRepository } from '../auth/rate-limit.repository';
import { recordAudit } from '../history/audit';
import { requireCan, type Caller } from '../../common/access';
import { AccountRepository } from '../user/account.repository';
import { ResetRequestRepository, type ResetRequestJoined } from './reset-request.repository';

export function mapResetRequest(x: ResetRequestJoined): ResetRequest {
  return {
    id: x.id,
    username: x.username,
    user:
      x.userId === null
        ? null
        : {
            id: x.userId,
            username: x.username,
            name: maskName(x.userName ?? ''),
            department: x.userDepartment ?? '',
            company: x.companyId === null ? null : { id: x.companyId, name: x.companyName ?? '' },
          },
    status: x.status,
    requestedAt: x.requestedAt.toISOString(),
    handledAt: x.handledAt ? x.handledAt.toISOString() : null,
    handledBy: x.handledBy ? { id: x.handledBy, username: x.handledByUsername ?? '' } : null,
  };
}

/** Policy facts of the account a request names (none for an unknown ID). */
const factsOf = (x: ResetRequestJoined) =>
  x.userId === null
    ? {}
    : { userId: x.userId, companyId: x.companyId, roleId: (x.userRoleId ?? 4) as RoleId };

/** The public form writes rows: cap it per client address (fixed window, shared by all processes). */
export const RESET_REQUEST_LIMIT = { perWindow: 100, windowSec: 3600 };

export class ResetRequestService {
  private readonly requests: ResetRequestRepository;
  private readonly limits: RateLimitRepository;
  constructor(private readonly db: Db) {
    this.requests = new ResetRequestRepository(db);
    this.limits = new RateLimitRepository(db);
  }

  /** Public: records the request. The answer is the same whether or not the ID exists. */
  async request(username: string, ip: string): Promise<{ status: 'unprocessed' }> {
    const hits = await this.limits.hit(`reset-request:${ip}`, RESET_REQUEST_LIMIT.windowSec);
    if (hits > RESET_REQUEST_LIMIT.perWindow) throw new AppError(ErrorCode.TooManyRequests, 429);
    const name = username.trim();
    await inTransaction(this.db, ResetRequestRepository, async (repo, tx) => {
      if (await repo.pendingFor(name))
        throw AppError.conflict('username', TenancyErrorCode.ResetAlreadyRequested);
      const user = await new AccountRepository(tx).findByUsername(name);
      if (!(await repo.insert(name, user?.id ?? null)))
        throw AppError.conflict('username', TenancyErrorCode.ResetAlreadyRequested);
      await recordAudit(tx, null, {
        action: 'resetRequest.create',
        entityType: 'resetRequest',
        entityId: null,
        companyId: user?.companyId ?? null,
        after: { username: name },
      });
    });
    return { status: 'unprocessed' };
  }

  async list(actor: Caller, q: ListQuery, status?: ResetRequestStatus): Promise<PageOf<ResetRequest>> {
    requireCan(actor, 'resetRequest.list');
    const { rows, total } = await this.requests.list(listScope(actor, 'resetRequest'), q, status);
    return { data: rows.map(mapResetRequest), total };
  }

  private visible(actor: Caller, x: ResetRequestJoined | undefined): ResetRequestJoined {
    if (!x || !can(actor, 'resetRequest.read', factsOf(x))) throw AppError.notFound('id');
    return x;
  }

  async get(actor: Caller, id: number): Promise<ResetRequest> {
    return mapResetRequest(this.visible(actor, await this.requests.find(id)));
  }

  async handle(
    actor: Caller,
    id: number,
    action: 'reset' | 'invalid',
  ): Promise<{ request: ResetRequest; temporaryPassword: string | null }> {
    const temporaryPassword = action === 'reset' ? generatePassword() : null;
    const hash = temporaryPassword ? await hashPassword(temporaryPassword) : null;
    await inTransaction(this.db, ResetRequestRepository, async (repo, tx) => {
      const x = this.visible(actor, await repo.find(id));
      if (x.userId !== null) requireCan(actor, 'user.resetPassword', factsOf(x));
      if (x.status !== 'unprocessed') throw AppError.conflict('id', TenancyErrorCode.ResetRequestClosed);
      if (action === 'reset') {
        if (x.userId === null) throw new AppError(ErrorCode.NotFound, 404, {}, 'username');
        const accounts = new AccountRepository(tx);
        await accounts.setTemporaryPassword(x.userId, hash!);
        await accounts.revokeSessions(x.userId);
      }
      await repo.close(id, action === 'reset' ? 'changed' : 'invalid', actor.id);
      await recordAudit(tx, actor, {
        action: action === 'reset' ? 'resetRequest.reset' : 'resetRequest.invalid',
        entityType: 'resetRequest',
        entityId: id,
        companyId: x.companyId,
        before: { status: x.status },
        after: { status: action === 'reset' ? 'changed' : 'invalid', userId: x.userId },
      });
    });
    return { request: await this.get(actor, id), temporaryPassword };
  }
}
