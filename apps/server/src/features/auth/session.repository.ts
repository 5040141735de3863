// Refresh-token rows: issue, find, rotate and revoke.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';
import { refreshTokens } from '@sightline/db';
import { invalidateSessionCache } from './session-liveness';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(userId: number, tokenHash: string, expiresAt: Date): Promise<number> {
    const [row] = await this.db
      .insert(refreshTokens)
      .values({ userId, tokenHash, expiresAt })
      .returning({ id: refreshTokens.id });
    return row!.id;
  }

  findById(id: number) {
    return this.db.query.refreshTokens.findFirst({ where: eq(refreshTokens.id, id) });
  }

  findByHash(tokenHash: string) {
    return this.db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, tokenHash) });
  }

  /**
   * Marks a token used, pointing at its successor. Returns false when it was already revoked by a
   * concurrent refresh, so a token can be exchanged only once.
   */
  async rotate(id: number, replacedBy: number): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, replacedBy })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    invalidateSessionCache(this.db);
    return rows.length === 1;
  }

  async revoke(id: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
    invalidateSessionCache(this.db);
  }

  async revokeAllOfUser(userId: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    invalidateSessionCache(this.db);
  }

  /** Ends every other session of the user (after a password change), keeping the current one. */
  async revokeOthers(userId: number, keepTokenHash: string | null): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepTokenHash ? ne(refreshTokens.tokenHash, keepTokenHash) : undefined,
        ),
      );
    invalidateSessionCache(this.db);
  }
}
