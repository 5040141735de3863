// Periodic cleanup of rows that only matter for a while: old rate-limit windows, dead refresh tokens.
import type pg from 'pg';

export async function sweepExpiredAuthRows(
  pool: pg.Pool,
): Promise<{ rateLimits: number; refreshTokens: number }> {
  const rl = await pool.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`);
  // Revoked tokens are kept a day so reuse of a rotated token is still recognised as such.
  const rt = await pool.query(
    `DELETE FROM refresh_tokens WHERE expires_at < now() OR (revoked_at IS NOT NULL AND revoked_at < now() - interval '1 day')`,
  );
  return { rateLimits: rl.rowCount ?? 0, refreshTokens: rt.rowCount ?? 0 };
}

export function startHousekeeping(
  pool: pg.Pool,
  log: (m: string) => void,
  everyMs = 10 * 60_000,
): () => void {
  const run = () => sweepExpiredAuthRows(pool).catch((e) => log(`housekeeping: ${(e as Error).message}`));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
