// The one shape of every area's error texts: code → { ko, en } (ko first: default and fallback). Each
// area keeps its catalogue beside its codes; errors/messages.ts merges them into ERROR_MESSAGES.
import type { Locale } from '../constants';

export type MessageCatalogue<Code extends string = string> = Record<Code, Record<Locale, string>>;

/** The codes that more than one catalogue defines (the merged catalogue would keep only the last text). */
export function duplicateCodes(catalogues: readonly MessageCatalogue[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const c of catalogues) for (const code of Object.keys(c)) (seen.has(code) ? twice : seen).add(code);
  return [...twice];
}

/** One catalogue of all areas' texts, in the order given. */
export function mergeCatalogues(catalogues: readonly MessageCatalogue[]): MessageCatalogue {
  return Object.assign({}, ...catalogues) as MessageCatalogue;
}
