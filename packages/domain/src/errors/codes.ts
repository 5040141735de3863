// Error codes the API answers with ({error:{code,message}}); messages live in errors/messages.ts.
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  SessionExpired: 'SESSION_EXPIRED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  AccountLocked: 'ACCOUNT_LOCKED',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  AccountExpired: 'ACCOUNT_EXPIRED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  ProjectExpired: 'PROJECT_EXPIRED',
  Maintenance: 'MAINTENANCE',
  PasswordRequired: 'PASSWORD_REQUIRED',
  PasswordWeak: 'PASSWORD_WEAK',
  PasswordSameAsOld: 'PASSWORD_SAME_AS_OLD',
  PasswordMismatch: 'PASSWORD_MISMATCH',
  PasswordWrong: 'PASSWORD_WRONG',
  Internal: 'INTERNAL',
  InvalidEncoding: 'INVALID_ENCODING',
  DatabaseUnavailable: 'DATABASE_UNAVAILABLE',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; details?: unknown };
}
