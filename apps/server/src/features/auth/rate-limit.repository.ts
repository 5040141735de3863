// Fixed-window counters in PostgreSQL, so limits hold across every server process.
import { sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';

export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  /** Counts one hit for key in the current window of windowSec; returns the count so far. */
  async hit(key: string, windowSec: number): Promise<number> {
    const res = await this.db.execute<{ count: number }>(sql`
      INSERT INTO rate_limits(key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSec}) THEN 1 ELSE rate_limits.count + 1 END,
        window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSec}) THEN now() ELSE rate_limits.window_start END
      RETURNING count`);
    return Number(res.rows[0]!.count);
  }

  /** The count in the current window without counting a hit (0 when the window has passed). */
  async peek(key: string, windowSec: number): Promise<number> {
    const res = await this.db.execute<{ count: number }>(sql`
      SELECT count FROM rate_limits WHERE key = ${key} AND window_start >= now() - make_interval(secs => ${windowSec})`);
    return res.rows[0] ? Number(res.rows[0].count) : 0;
  }
}
