import { describe, expect, it } from 'vitest';

// The shell's namespaces must have the same keys in Korean and English (no silent fallbacks).
const SHELL_NAMESPACES = ['common', 'nav', 'auth', 'account', 'home', 'public'];
const modules = import.meta.glob<{ default: Record<string, unknown> }>(['../ko/*.ts', '../en/*.ts'], {
  eager: true,
});

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`.replace(/_(one|other)$/, '')],
  );
}

describe('translations', () => {
  for (const ns of SHELL_NAMESPACES) {
    it(`${ns}: ko and en have the same keys and no empty texts`, () => {
      const ko = modules[`../ko/${ns}.ts`]?.default;
      const en = modules[`../en/${ns}.ts`]?.default;
      expect(ko && en).toBeTruthy();
      expect([...new Set(keys(en!))].sort()).toEqual([...new Set(keys(ko!))].sort());
      for (const tree of [ko!, en!]) {
        const flat = JSON.stringify(tree);
        expect(flat).not.toMatch(/:""/);
      }
    });
  }
});
