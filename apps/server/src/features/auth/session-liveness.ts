// Is the session an access token names still open? Access tokens carry `sid`, the refresh_tokens row
// they were issued with. Refresh rotates that row (revoked_at + replaced_by → successor); logout,
// "end every session" and the maintenance window revoke without a successor. A session is alive when
// following replaced_by from the token's row ends on a row that is neither revoked nor expired.
// Answers are cached per database for a few seconds; every revocation in this process clears the
// cache of its database, so logout is refused at once (the TTL only bounds changes made elsewhere).
import { sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_CACHED = 10_000;

const caches = new WeakMap<Db, Map<number, { alive: boolean; at: number }>>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** Forget every cached answer of this database (called by every revocation). */
export function invalidateSessionCache(db: Db): void {
  caches.get(db)?.clear();
}

export async function isSessionAlive(db: Db, sid: number): Promise<boolean> {
  const cache = cacheOf(db);
  const hit = cache.get(sid);
  // A dead session never comes back: that answer may be kept for as long as it stays in the map.
  if (hit && (!hit.alive || Date.now() - hit.at < SESSION_CACHE_TTL_MS)) return hit.alive;
  const res = await db.execute<{ alive: boolean }>(sql`
    WITH RECURSIVE chain AS (
      SELECT id, revoked_at, replaced_by, expires_at, 0 AS depth FROM refresh_tokens WHERE id = ${sid}
      UNION ALL
      SELECT r.id, r.revoked_at, r.replaced_by, r.expires_at, c.depth + 1
        FROM refresh_tokens r JOIN chain c ON r.id = c.replaced_by
       WHERE c.revoked_at IS NOT NULL AND c.depth < 100
    )
    SELECT (revoked_at IS NULL AND expires_at > now()) AS alive FROM chain ORDER BY depth DESC LIMIT 1`);
  const alive = res.rows[0]?.alive === true;
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(sid, { alive, at: Date.now() });
  return alive;
}
