// Identifier and name rules of SPEC §5 ("Identifiers", "Names and folders"). Pure checks shared by the
// server (enforcement) and the web (inline hints), so a code the form accepts is one the server accepts.
import { MIN_IDENTIFIER_LENGTH, WORK_NAME_MAX } from '../constants';

/** Letters, digits, '-' and '_' (project codes, line codes, folder and save-directory names). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** User IDs may also hold '@' and '.', so e-mail style IDs work ("some fields also allow '@'"). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_@.-]+$/;
/** Name characters for folders and files; `allowAt` for the fields that also take '@'. */
const NAME_CHARS = /^[A-Za-z0-9_-]+$/;
const NAME_CHARS_WITH_AT = /^[A-Za-z0-9_@-]+$/;

export const IDENTIFIER_MAX = 50;
/** IDs that would be confused with the platform's own accounts; answered with 'ID unavailable'. */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'sightline',
  'null',
  'undefined',
] as const;

export type IdentifierProblem = 'required' | 'tooShort' | 'tooLong' | 'invalidChars' | 'reserved';

function checkCode(value: string, pattern: RegExp): IdentifierProblem | null {
  if (!value) return 'required';
  if ([...value].length < MIN_IDENTIFIER_LENGTH) return 'tooShort';
  if (value.length > IDENTIFIER_MAX) return 'tooLong';
  if (!pattern.test(value)) return 'invalidChars';
  return null;
}

/** User / administrator ID: at least 4 characters, safe characters, not a reserved name. */
export function checkUsername(value: string): IdentifierProblem | null {
  const p = checkCode(value, USERNAME_PATTERN);
  if (p) return p;
  return (RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()) ? 'reserved' : null;
}

/** Project code: at least 4 of letters, digits, '-', '_' (unique and immutable are server rules). */
export const checkProjectCode = (value: string) => checkCode(value, CODE_PATTERN);
/** Line code: same characters as a project code, unique within its project. */
export const checkLineCode = (value: string) => checkCode(value, CODE_PATTERN);

export const isValidUsername = (v: string) => checkUsername(v) === null;
export const isValidProjectCode = (v: string) => checkProjectCode(v) === null;
export const isValidLineCode = (v: string) => checkLineCode(v) === null;

/** Folder, file and name characters: digits, letters, '-' and '_' (plus '@' where allowed). */
export function isValidName(value: string, opts: { allowAt?: boolean } = {}): boolean {
  return (opts.allowAt ? NAME_CHARS_WITH_AT : NAME_CHARS).test(value);
}

/** Work name: required and at most 30 characters. */
export function isValidWorkName(value: string): boolean {
  const n = [...value.trim()].length;
  return n > 0 && n <= WORK_NAME_MAX;
}

/** Save directory: digits, letters, underscore and hyphen only. */
export const isValidSaveDirectory = (value: string) => CODE_PATTERN.test(value);
