// Maps a unique-index violation (PostgreSQL 23505) raised by a concurrent registration to the same
// coded 409 the duplicate check gives, instead of a 500.
import { AppError } from './app-error';

const UNIQUE_VIOLATION = '23505';

function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 3; i++) {
    if (e.code === UNIQUE_VIOLATION) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Rethrows a violation of one of `indexes` as AppError(code, 409, field); anything else unchanged. */
export function mapUniqueViolation(err: unknown, indexes: string[], code: string, field: string): never {
  const pg = pgError(err);
  if (pg?.constraint && indexes.includes(pg.constraint)) throw AppError.conflict(field, code);
  throw err;
}
