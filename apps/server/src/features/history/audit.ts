// Writes one audit_log row per administrative change, on the caller's transaction so the record and
// the change commit or roll back together.
import type { Actor } from '@sightline/domain';
import { auditLog } from '@sightline/db';
import type { Executor } from '../../common/tx';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: number | string | null;
  companyId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Never store secrets in the log, even hashed. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'temporaryPassword']);
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.has(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

export async function recordAudit(
  tx: Executor,
  actor: (Pick<Actor, 'id'> & { username?: string }) | null,
  e: AuditEntry,
) {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId === null ? null : String(e.entityId),
    companyId: e.companyId ?? null,
    before: scrub(e.before),
    after: scrub(e.after),
  });
}
