// The ID duplicate check (SPEC §5): format first ('ID unavailable' for reserved names), then use.
import { TenancyErrorCode, checkUsername, type CheckAnswer } from '@sightline/domain';
import type { AccountRepository } from './account.repository';

const CODES = {
  required: TenancyErrorCode.FieldRequired,
  tooShort: TenancyErrorCode.IdentifierTooShort,
  tooLong: TenancyErrorCode.UsernameUnavailable,
  invalidChars: TenancyErrorCode.IdentifierInvalidChars,
  reserved: TenancyErrorCode.UsernameUnavailable,
} as const;

export async function usernameAvailability(
  accounts: AccountRepository,
  username: string,
): Promise<CheckAnswer> {
  const problem = checkUsername(username);
  if (problem) return { available: false, code: CODES[problem] };
  return (await accounts.usernameTaken(username))
    ? { available: false, code: TenancyErrorCode.UsernameTaken }
    : { available: true };
}
