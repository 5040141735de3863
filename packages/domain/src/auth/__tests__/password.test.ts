import { describe, expect, it } from 'vitest';
import {
  checkPasswordChange,
  generatePassword,
  isStrictPassword,
  isValidNewPassword,
  maskName,
} from '../password';

describe('isValidNewPassword', () => {
  it.each([
    ['abcde12345', true], // letters+digits, 10
    ['abcde1234', false], // letters+digits, 9
    ['abc12!xy', true], // with specials, 8
    ['abc12!x', false], // with specials, 7
    ['abcdefghijkl', false], // letters only
    ['1234567890', false], // digits only
    ['abcde 12345', false], // whitespace
    ['', false],
  ])('%s → %s', (pw, ok) => expect(isValidNewPassword(pw)).toBe(ok));
});

describe('isStrictPassword', () => {
  it.each([
    ['abc12!xy', true],
    ['abcde12345', false], // no special
    ['ab!c d12', false], // whitespace
    ['ab!1', false], // short
    ['!!!!1111', false], // no letter
  ])('%s → %s', (pw, ok) => expect(isStrictPassword(pw)).toBe(ok));
});

describe('checkPasswordChange', () => {
  it('reports each problem', () => {
    expect(checkPasswordChange({ newPassword: '', confirmPassword: '' })).toBe('required');
    expect(checkPasswordChange({ newPassword: 'short1', confirmPassword: 'short1' })).toBe('weak');
    expect(
      checkPasswordChange({
        oldPassword: 'abcde12345',
        newPassword: 'abcde12345',
        confirmPassword: 'abcde12345',
      }),
    ).toBe('sameAsOld');
    expect(checkPasswordChange({ newPassword: 'abcde12345', confirmPassword: 'abcde12346' })).toBe(
      'mismatch',
    );
    expect(
      checkPasswordChange({ oldPassword: 'x', newPassword: 'abcde12345', confirmPassword: 'abcde12345' }),
    ).toBeNull();
  });
});

describe('generatePassword', () => {
  it('makes 10-character strict passwords', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(10);
      expect(isStrictPassword(pw)).toBe(true);
      expect(isValidNewPassword(pw)).toBe(true);
    }
  });
  it('retries until the result is valid', () => {
    // A source that first yields letters only (invalid), then a valid mix.
    let call = 0;
    const seq = [...Array(10).fill(0), 0, 50, 58, 1, 51, 59, 2, 52, 60, 3];
    const pw = generatePassword(() => seq[call++ % seq.length]!);
    expect(isStrictPassword(pw)).toBe(true);
    expect(call).toBe(20);
  });
});

describe('maskName', () => {
  it.each([
    ['홍길동', '홍*동'],
    ['김철', '김*'],
    ['A', 'A'],
    ['Alice', 'A***e'],
  ])('%s → %s', (n, m) => expect(maskName(n)).toBe(m));
});
