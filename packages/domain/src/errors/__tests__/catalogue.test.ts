import { describe, expect, it } from 'vitest';
import { duplicateCodes, mergeCatalogues } from '../catalogue';
import { ERROR_CATALOGUES, ERROR_MESSAGES, errorMessage } from '../messages';

describe('error message catalogues', () => {
  it('no code stands in two areas, so merging loses no text', () => {
    expect(duplicateCodes(ERROR_CATALOGUES)).toEqual([]);
    const total = ERROR_CATALOGUES.reduce((n, c) => n + Object.keys(c).length, 0);
    expect(Object.keys(ERROR_MESSAGES)).toHaveLength(total);
  });

  it('every code has a ko and an en text', () => {
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      expect(texts.ko, code).toBeTruthy();
      expect(texts.en, code).toBeTruthy();
    }
  });

  it('each area is reached through the merged catalogue', () => {
    expect(errorMessage('BAD_REQUEST', 'en')).toBe('The request is not valid.');
    expect(errorMessage('USERNAME_UNAVAILABLE', 'en')).toBe('ID unavailable.');
    expect(errorMessage('DATASET_NOT_FOUND', 'ko')).toBe('데이터셋을 찾을 수 없습니다.');
  });

  it('a code in two catalogues is reported; the later text wins in the merge', () => {
    const a = { X: { ko: 'a', en: 'a' }, Y: { ko: 'y', en: 'y' } };
    const b = { X: { ko: 'b', en: 'b' } };
    expect(duplicateCodes([a, b])).toEqual(['X']);
    expect(mergeCatalogues([a, b]).X).toEqual({ ko: 'b', en: 'b' });
  });
});
