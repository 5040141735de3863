// Picks the current UI language from a {ko, en} text, falling back to Korean.
import { currentLocale } from '../../../i18n';

export const localized = (text: { ko: string; en: string } | null | undefined): string =>
  text ? (currentLocale() === 'en' ? text.en || text.ko : text.ko || text.en) : '';
