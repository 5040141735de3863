// Password rules of SPEC §5. One implementation for the server (enforcement) and web (inline hints).

const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[^A-Za-z0-9\s]/;
const WHITESPACE = /\s/;

/** The rule a new password must pass: letters+digits ≥ 10, or letters+digits+specials ≥ 8. */
export function isValidNewPassword(pw: string): boolean {
  if (WHITESPACE.test(pw)) return false;
  const hasLetter = LETTER.test(pw);
  const hasDigit = DIGIT.test(pw);
  const hasSpecial = SPECIAL.test(pw);
  if (hasLetter && hasDigit && hasSpecial) return pw.length >= 8;
  if (hasLetter && hasDigit) return pw.length >= 10;
  return false;
}

/** The stricter check: at least 8, no whitespace, a digit, a letter and a special character. */
export function isStrictPassword(pw: string): boolean {
  return pw.length >= 8 && !WHITESPACE.test(pw) && LETTER.test(pw) && DIGIT.test(pw) && SPECIAL.test(pw);
}

export type PasswordProblem = 'required' | 'weak' | 'sameAsOld' | 'mismatch';

/** Every rule a password change must pass, in the order the form reports them. */
export function checkPasswordChange(input: {
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
}): PasswordProblem | null {
  if (!input.newPassword) return 'required';
  if (!isValidNewPassword(input.newPassword)) return 'weak';
  if (input.oldPassword !== undefined && input.oldPassword === input.newPassword) return 'sameAsOld';
  if (input.newPassword !== input.confirmPassword) return 'mismatch';
  return null;
}

// Specials without a meaning to a shell ($, !, `, \, quotes, globs): a printed password pastes as is.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789@%_+=:,.';

/** Generates 10-character passwords from letters, digits and specials until one passes the strict check. */
export function generatePassword(random: (n: number) => number = cryptoRandomInt): string {
  for (;;) {
    let pw = '';
    for (let i = 0; i < 10; i++) pw += ALPHABET[random(ALPHABET.length)];
    if (isStrictPassword(pw)) return pw;
  }
}

function cryptoRandomInt(n: number): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0]! % n;
}

/** Masks a person's name for display: keeps the first and last character (SPEC §5 "names are masked"). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}
