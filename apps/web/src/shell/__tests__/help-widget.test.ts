import { describe, expect, it } from 'vitest';
import enFaq from '../../i18n/en/faq';
import koFaq from '../../i18n/ko/faq';
import {
  customerServiceHref,
  faqCategories,
  filterFaq,
  inquiryKey,
  parseInquiry,
  sessionStartFor,
} from '../cs/help-widget';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('faqCategories', () => {
  it('picks the category of the section', () => {
    expect(faqCategories('/auth/login')).toEqual([1]);
    expect(faqCategories('/train/dataset')).toEqual([2]);
    expect(faqCategories('/train/dataset/7/images')).toEqual([2]);
    expect(faqCategories('/train/processing/add/new')).toEqual([3]);
    expect(faqCategories('/train/learning/12/cf')).toEqual([4]);
    expect(faqCategories('/train/inference')).toEqual([5]);
  });
  it('offers every category elsewhere', () => {
    for (const p of ['/', '/intro', '/my/change-password', '/admin/users', '/notices']) {
      expect(faqCategories(p)).toEqual([1, 2, 3, 4, 5]);
    }
  });
});

describe('FAQ texts', () => {
  it('have 3 to 5 questions per category, the same count in ko and en', () => {
    for (const c of ['1', '2', '3', '4', '5'] as const) {
      expect(koFaq.items[c].length).toBeGreaterThanOrEqual(3);
      expect(koFaq.items[c].length).toBeLessThanOrEqual(5);
      expect(enFaq.items[c].length).toBe(koFaq.items[c].length);
    }
  });
  it('are filtered by every typed word, case-insensitively', () => {
    const items = enFaq.items['2'];
    expect(filterFaq(items, '')).toHaveLength(items.length);
    expect(filterFaq(items, 'ZIP laid').map((i) => i.q)).toEqual(['How should a zip be laid out?']);
    expect(filterFaq(items, '3000')).toHaveLength(1);
    expect(filterFaq(items, 'nothing-like-this')).toEqual([]);
  });
});

describe('inquiry key', () => {
  it('is 8 base-36 characters, stable for one session, different across users and logins', () => {
    const k = inquiryKey(42, 1_700_000_000_000);
    expect(k).toMatch(/^[0-9a-z]{8}$/);
    expect(inquiryKey(42, 1_700_000_000_000)).toBe(k);
    expect(inquiryKey(43, 1_700_000_000_000)).not.toBe(k);
    expect(inquiryKey(42, 1_700_000_000_001)).not.toBe(k);
    expect(k).not.toContain('42');
  });

  it('keeps the session start per user in the tab storage', () => {
    const s = new MemoryStorage();
    expect(sessionStartFor(5, s, 1000)).toBe(1000);
    expect(sessionStartFor(5, s, 2000)).toBe(1000);
    // Another user in the same tab is another session.
    expect(sessionStartFor(6, s, 3000)).toBe(3000);
    expect(sessionStartFor(5, s, 4000)).toBe(4000);
  });

  it('builds the customer-service address with type 1 and the key', () => {
    const s = new MemoryStorage();
    const href = customerServiceHref(5, s);
    const start = Number(s.getItem('sightline.sessionStart')!.split(':')[1]);
    expect(href).toBe(`/cs?type=1&key=${inquiryKey(5, start)}`);
    expect(customerServiceHref(5, s)).toBe(href);
    expect(customerServiceHref(undefined, s)).toBe('/cs?type=1');
  });

  it('is read back by /cs with the type preselected', () => {
    expect(parseInquiry(new URLSearchParams('type=1&key=0a1b2c3d'))).toEqual({ type: '1', key: '0a1b2c3d' });
    expect(parseInquiry(new URLSearchParams('type=3'))).toEqual({ type: '3', key: null });
    expect(parseInquiry(new URLSearchParams('type=9&key=<script>'))).toEqual({ type: '1', key: null });
  });
});
