// The domain identifier checks answer a problem name; forms show the error code's translated text.
import { checkProjectCode, checkUsername, type IdentifierProblem } from '@sightline/domain';

const CODES: Record<IdentifierProblem, string> = {
  required: 'FIELD_REQUIRED',
  tooShort: 'IDENTIFIER_TOO_SHORT',
  tooLong: 'IDENTIFIER_INVALID_CHARS',
  invalidChars: 'IDENTIFIER_INVALID_CHARS',
  reserved: 'USERNAME_UNAVAILABLE',
};

const toCode = (p: IdentifierProblem | null) => (p ? CODES[p] : null);
export const usernameProblem = (v: string) => toCode(checkUsername(v));
export const projectCodeProblem = (v: string) => toCode(checkProjectCode(v));
