import { describe, expect, it } from 'vitest';
import { addClassError, classSetErrors, duplicateClassName, mergeClassesError } from '../classes';

const cls = (name: string, isOk = false) => ({ name, isOk });

describe('class set rules', () => {
  it('accepts 2 classes with one OK and one not OK', () => {
    expect(classSetErrors([cls('ok', true), cls('scratch')])).toEqual([]);
  });

  it('needs at least 2 and at most 34 classes', () => {
    expect(classSetErrors([cls('ok', true)])).toContain('CLASS_TOO_FEW');
    const many = Array.from({ length: 35 }, (_, i) => cls(`c${i}`, i === 0));
    expect(classSetErrors(many)).toEqual(['CLASS_LIMIT']);
    expect(classSetErrors(many.slice(0, 34))).toEqual([]);
  });

  it('needs one OK and one not OK class', () => {
    expect(classSetErrors([cls('a', true), cls('b', true)])).toEqual(['CLASS_OK_NG_REQUIRED']);
    expect(classSetErrors([cls('a'), cls('b')])).toEqual(['CLASS_OK_NG_REQUIRED']);
  });

  it('refuses duplicate names case-insensitively and bad names', () => {
    expect(duplicateClassName([cls('Dent'), cls('dent ')])).toBe('dent');
    expect(classSetErrors([cls('a', true), cls('A')])).toEqual(['CLASS_DUPLICATE']);
    expect(classSetErrors([cls('a b', true), cls('c')])).toEqual(['CLASS_NAME_INVALID']);
  });

  it('adds a class only under the limit and without duplicate', () => {
    const existing = Array.from({ length: 34 }, (_, i) => cls(`c${i}`));
    expect(addClassError(existing, 'new')).toBe('CLASS_LIMIT');
    expect(addClassError(existing.slice(0, 3), 'C1')).toBe('CLASS_DUPLICATE');
    expect(addClassError(existing.slice(0, 3), 'new')).toBeNull();
    expect(addClassError([], '')).toBe('CLASS_NAME_REQUIRED');
  });

  it('merges at least 2 existing classes, each once, into a name not used outside the merge', () => {
    const ex = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ];
    expect(mergeClassesError(ex, [1, 2], 'ab')).toBeNull();
    expect(mergeClassesError(ex, [1, 2], 'a')).toBeNull();
    expect(mergeClassesError(ex, [1, 2], 'c')).toBe('CLASS_DUPLICATE');
    expect(mergeClassesError(ex, [1], 'x')).toBe('CLASS_MERGE_INVALID');
    expect(mergeClassesError(ex, [1, 1], 'x')).toBe('CLASS_MERGE_INVALID');
    expect(mergeClassesError(ex, [1, 9], 'x')).toBe('CLASS_NOT_FOUND');
    expect(mergeClassesError(ex, [1, 2], '')).toBe('CLASS_NAME_REQUIRED');
  });
});
