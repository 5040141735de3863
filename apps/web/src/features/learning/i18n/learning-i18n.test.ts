// The learning texts: Korean and English have the same keys and no empty text, and the pages' namespace is registered.
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { learningEn } from './en';
import { learningKo } from './ko';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const values = (obj: Record<string, unknown>): unknown[] =>
  Object.values(obj).flatMap((v) =>
    v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v],
  );

describe('learning texts', () => {
  it('ko and en have the same keys', () => {
    expect(keys(learningEn).sort()).toEqual(keys(learningKo).sort());
  });
  it('no text is empty and placeholders match', () => {
    for (const tree of [learningKo, learningEn])
      for (const v of values(tree)) expect(String(v).trim()).not.toBe('');
    const ph = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    const en = learningEn as unknown as Record<string, unknown>;
    for (const k of keys(learningKo)) {
      const get = (o: Record<string, unknown>) =>
        k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o);
      expect(ph(String(get(en))), k).toEqual(
        ph(String(get(learningKo as unknown as Record<string, unknown>))),
      );
    }
  });
  it('is registered as the learning namespace in both languages', () => {
    expect(i18n.getResource('ko', 'learning', 'title')).toBe(learningKo.title);
    expect(i18n.getResource('en', 'learning', 'title')).toBe(learningEn.title);
  });
});
