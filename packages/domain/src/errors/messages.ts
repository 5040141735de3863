// Translated texts for API error codes: each area keeps its catalogue (code → ko/en, ko the default and
// fallback) beside its codes and adds one line to ERROR_CATALOGUES here.
import type { Locale } from '../constants';
import { mergeCatalogues, type MessageCatalogue } from './catalogue';
import { COMMON_ERROR_MESSAGES } from './common-messages';
import { TENANCY_ERROR_MESSAGES } from '../tenancy/messages';
import { DATASET_ERROR_MESSAGES } from '../dataset/messages';
import { VISION_ERROR_MESSAGES } from './vision-messages';
import { LEARNING_ERROR_MESSAGES } from './learning-messages';
import { LABEL_ERROR_MESSAGES } from '../labels/messages';
import { PROCESSING_ERROR_MESSAGES } from '../processing/messages';
import { MONITORING_ERROR_MESSAGES } from './monitoring-messages';
import { NOTICE_ERROR_MESSAGES } from '../notice/messages';
import { SEGMENT_ERROR_MESSAGES } from '../annotation/messages';

/** Every area's catalogue, merged in this order into ERROR_MESSAGES (no code may stand in two). */
export const ERROR_CATALOGUES: readonly MessageCatalogue[] = [
  COMMON_ERROR_MESSAGES,
  TENANCY_ERROR_MESSAGES,
  DATASET_ERROR_MESSAGES,
  VISION_ERROR_MESSAGES,
  LEARNING_ERROR_MESSAGES,
  LABEL_ERROR_MESSAGES,
  PROCESSING_ERROR_MESSAGES,
  MONITORING_ERROR_MESSAGES,
  NOTICE_ERROR_MESSAGES,
  SEGMENT_ERROR_MESSAGES,
];

export const ERROR_MESSAGES: MessageCatalogue = mergeCatalogues(ERROR_CATALOGUES);

/** The message for a code in a locale, with {name} placeholders filled; ko is the fallback. */
export function errorMessage(
  code: string,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const entry = ERROR_MESSAGES[code] ?? ERROR_MESSAGES.BAD_REQUEST!;
  const text = entry[locale] ?? entry.ko;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** Picks the locale from the locale header or Accept-Language; ko when neither names a known one. */
export function pickLocale(header?: string | null, acceptLanguage?: string | null): Locale {
  for (const raw of [header, ...(acceptLanguage ?? '').split(',')]) {
    const tag = raw?.trim().slice(0, 2).toLowerCase();
    if (tag === 'ko' || tag === 'en') return tag;
  }
  return 'ko';
}
