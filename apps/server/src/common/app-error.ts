// The one error type services throw. The error handler turns it into {error:{code,message,field?}}
// with the message translated from packages/domain errors/messages.ts in the request's locale.
import { ErrorCode, type ErrorCodeValue } from '@sightline/domain';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue | (string & {}),
    readonly status: number = 400,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }

  static notFound(field?: string) {
    return new AppError(ErrorCode.NotFound, 404, {}, field);
  }
  static forbidden() {
    return new AppError(ErrorCode.Forbidden, 403);
  }
  static unauthorized(code: ErrorCodeValue = ErrorCode.Unauthorized) {
    return new AppError(code, 401);
  }
  static conflict(field?: string, code: string = ErrorCode.Conflict) {
    return new AppError(code, 409, {}, field);
  }
  static validation(
    field: string,
    code: string = ErrorCode.ValidationFailed,
    params: Record<string, string | number> = {},
  ) {
    return new AppError(code, 400, params, field);
  }
}

/** Returns the row or throws 404 NOT_FOUND (STYLE.md §2 findOrFail). */
export function orNotFound<T>(row: T | undefined | null, field?: string): T {
  if (row === undefined || row === null) throw AppError.notFound(field);
  return row;
}
