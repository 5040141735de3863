import { describe, expect, it } from 'vitest';
import {
  checkLineCode,
  checkProjectCode,
  checkUsername,
  isValidName,
  isValidSaveDirectory,
  isValidWorkName,
} from '../identifiers';

describe('user IDs', () => {
  it('needs at least 4 characters', () => {
    expect(checkUsername('')).toBe('required');
    expect(checkUsername('abc')).toBe('tooShort');
    expect(checkUsername('abcd')).toBeNull();
  });
  it('takes letters, digits, - _ @ . and refuses spaces or other characters', () => {
    expect(checkUsername('kim.lee@acme-1_x')).toBeNull();
    expect(checkUsername('kim lee')).toBe('invalidChars');
    expect(checkUsername('김철수철수')).toBe('invalidChars');
    expect(checkUsername('a'.repeat(51))).toBe('tooLong');
  });
  it('answers reserved for platform account names whatever the case', () => {
    expect(checkUsername('Admin')).toBe('reserved');
    expect(checkUsername('root')).toBe('reserved');
  });
});

describe('project and line codes', () => {
  it('need 4+ letters, digits, - or _', () => {
    for (const check of [checkProjectCode, checkLineCode]) {
      expect(check('AB-1')).toBeNull();
      expect(check('a_b_c')).toBeNull();
      expect(check('ab1')).toBe('tooShort');
      expect(check('ab@1')).toBe('invalidChars');
      expect(check('ab.12')).toBe('invalidChars');
      expect(check('')).toBe('required');
    }
  });
});

describe('names, work names and save directories', () => {
  it('limits name characters, with @ only where allowed', () => {
    expect(isValidName('set_01-a')).toBe(true);
    expect(isValidName('set@01')).toBe(false);
    expect(isValidName('set@01', { allowAt: true })).toBe(true);
    expect(isValidName('set 01')).toBe(false);
  });
  it('keeps work names to 1..30 characters', () => {
    expect(isValidWorkName('a'.repeat(30))).toBe(true);
    expect(isValidWorkName('a'.repeat(31))).toBe(false);
    expect(isValidWorkName('   ')).toBe(false);
  });
  it('allows only letters, digits, _ and - in a save directory', () => {
    expect(isValidSaveDirectory('out_dir-2')).toBe(true);
    expect(isValidSaveDirectory('../etc')).toBe(false);
    expect(isValidSaveDirectory('a/b')).toBe(false);
  });
});
