// Pure parts of the help widget (SPEC §2): FAQ category by section, FAQ search, and the inquiry key
// the customer-service button carries.

export type FaqCategory = 1 | 2 | 3 | 4 | 5;
export const ALL_FAQ_CATEGORIES: FaqCategory[] = [1, 2, 3, 4, 5];

/** FAQ categories for the current section (login=1, dataset=2, processing=3, learning=4, inference=5); elsewhere all. */
export function faqCategories(path: string): FaqCategory[] {
  if (path.startsWith('/auth')) return [1];
  if (path.startsWith('/train/dataset')) return [2];
  if (path.startsWith('/train/processing')) return [3];
  if (path.startsWith('/train/learning')) return [4];
  if (path.startsWith('/train/inference')) return [5];
  return ALL_FAQ_CATEGORIES;
}

export interface FaqItem {
  q: string;
  a: string;
}

/** Case-insensitive match of every typed word in the question or the answer. */
export function filterFaq(items: FaqItem[], search: string): FaqItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((it) => {
    const text = `${it.q} ${it.a}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * Inquiry key: 8 base-36 characters of a 32-bit FNV-1a hash of "<user id>:<session start ms>".
 * It lets customer service match an inquiry to one login session without putting the user id or
 * any token in the address (the hash is not reversible to the id in practice and changes per login).
 */
export function inquiryKey(userId: number, sessionStartMs: number): string {
  let h = 0x811c9dc5;
  for (const ch of `${userId}:${sessionStartMs}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(8, '0').slice(-8);
}

const SESSION_START = 'sightline.sessionStart';

/**
 * Start of the current tab's session for this user, kept in sessionStorage like the access token
 * (so it ends with the tab); a different user in the same tab starts a new session.
 */
export function sessionStartFor(userId: number, storage: Storage = sessionStorage, now = Date.now()): number {
  const [storedUser, storedStart] = (storage.getItem(SESSION_START) ?? '').split(':');
  if (storedUser === String(userId) && Number(storedStart) > 0) return Number(storedStart);
  storage.setItem(SESSION_START, `${userId}:${now}`);
  return now;
}

/** The customer-service address the help widget opens: type 1 and the session's inquiry key. */
export function customerServiceHref(userId: number | undefined, storage?: Storage): string {
  if (userId === undefined) return '/cs?type=1';
  return `/cs?type=1&key=${inquiryKey(userId, sessionStartFor(userId, storage))}`;
}

export const INQUIRY_TYPES = ['1', '2', '3', '4'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** /cs?type=&key=: the preselected inquiry type (default 1) and a well-formed inquiry key, if any. */
export function parseInquiry(params: URLSearchParams): { type: InquiryType; key: string | null } {
  const type = params.get('type');
  const key = params.get('key');
  return {
    type: (INQUIRY_TYPES as readonly string[]).includes(type ?? '') ? (type as InquiryType) : '1',
    key: key && /^[0-9a-z]{8}$/.test(key) ? key : null,
  };
}
