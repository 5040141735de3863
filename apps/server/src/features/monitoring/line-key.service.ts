// Line API keys: a manager creates one (answered once, stored only as a SHA-256 hash), lists and revokes
// them; the inspection API authenticates a camera or gateway with one (x-line-key header).
import { createHash, randomBytes } from 'node:crypto';
import { MonitoringErrorCode, type Actor, type LineKey } from '@sightline/domain';
import type { LineRow } from '@sightline/db';
import { AppError } from '../../common/app-error';
import type { LineAccess } from './line-access';
import { Ttl } from './hot-path';
import { mapKey } from './monitoring.mapper';
import type { MonitoringRepository } from './monitoring.repository';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export class LineKeyService {
  constructor(
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
  ) {}

  /** Key lookups of the inspection API (a revocation takes effect within a second). */
  private readonly byHash = new Ttl((hash: string) => this.repo.keyByHash(hash));
  private readonly touched = new Map<number, number>();

  async list(actor: Actor, lineId: number): Promise<LineKey[]> {
    await this.access.require(actor, lineId, 'line.manage');
    return (await this.repo.keys(lineId)).map(mapKey);
  }

  async create(actor: Actor, lineId: number, name: string): Promise<LineKey & { key: string }> {
    await this.access.require(actor, lineId, 'line.manage');
    const key = `slk_${randomBytes(24).toString('base64url')}`;
    const row = await this.repo.insertKey({
      lineId,
      name,
      prefix: key.slice(0, 10),
      keyHash: hashKey(key),
      createdBy: actor.id,
    });
    return { ...mapKey(row), key };
  }

  async revoke(actor: Actor, keyId: number): Promise<LineKey> {
    const k = await this.repo.key(keyId);
    if (!k) throw AppError.notFound('id');
    await this.access.require(actor, k.lineId, 'line.manage');
    const row = mapKey(await this.repo.revokeKey(keyId));
    this.byHash.clear();
    return row;
  }

  /**
   * The line a camera may post to: 401 without a key or with a wrong or revoked one, 404 when the key's
   * project has no line of that code, 403 when the key belongs to another line of the project.
   */
  async authenticate(lineCode: string, key: string | undefined): Promise<LineRow> {
    if (!key) throw new AppError(MonitoringErrorCode.LineKeyRequired, 401, {}, 'x-line-key');
    const found = await this.byHash.get(hashKey(key));
    if (!found || found.key.revokedAt)
      throw new AppError(MonitoringErrorCode.LineKeyInvalid, 401, {}, 'x-line-key');
    if (found.line.code.toLowerCase() !== lineCode.toLowerCase()) {
      const other = await this.repo.lineByCode(found.line.projectId, lineCode);
      if (!other) throw new AppError(MonitoringErrorCode.LineNotFound, 404, {}, 'line');
      throw new AppError(MonitoringErrorCode.LineKeyOtherLine, 403, {}, 'x-line-key');
    }
    const now = Date.now();
    if (now - (this.touched.get(found.key.id) ?? 0) > 60_000) {
      this.touched.set(found.key.id, now);
      void this.repo.touchKey(found.key.id).catch(() => undefined);
    }
    return found.line;
  }
}
