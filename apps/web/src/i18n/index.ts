// i18next setup. Every file i18n/<lang>/<namespace>.ts (default export: a nested object of texts)
// is registered automatically as namespace <namespace>, so features add files without touching this one.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, LOCALES, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '@sightline/domain';

type Texts = Record<string, unknown>;
// The test folder is excluded: its files match './*/*.ts' too and must not end up in the app bundle.
const modules = import.meta.glob<{ default: Texts }>(['./*/*.ts', '!./__tests__/*.ts'], { eager: true });

const resources: Record<string, Record<string, Texts>> = {};
for (const [file, mod] of Object.entries(modules)) {
  const m = /^\.\/(\w+)\/([\w-]+)\.ts$/.exec(file);
  if (!m) continue;
  const [, lang, ns] = m;
  (resources[lang!] ??= {})[ns!] = mod.default;
}

export const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

/** The locale remembered in the i18n_redirected cookie, else Korean. */
export function initialLocale(): Locale {
  const saved = Cookies.get(LOCALE_COOKIE);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Switches the language and remembers it for 365 days (SPEC §9 locale cookie). */
export async function setLocale(locale: Locale): Promise<void> {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'Lax', path: '/' });
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

/** The current UI locale, sent as the x-locale header. */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

export default i18n;
