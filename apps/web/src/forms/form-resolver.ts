// Form validation straight from the packages/domain schemas. Their issue messages are error codes
// (FIELD_REQUIRED, IDENTIFIER_TOO_SHORT …), translated here with the same texts the server answers,
// so the inline 'please enter …' hint and a server refusal read alike.
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { ERROR_MESSAGES, MIN_IDENTIFIER_LENGTH, errorMessage, fieldLabel } from '@sightline/domain';
import i18n, { currentLocale } from '../i18n';

/** Translates one code for a form path; the path's last named segment picks the field label. */
export function translateIssue(
  code: string,
  path: string,
  values?: unknown,
  labels: Record<string, string> = {},
): string {
  if (ERROR_MESSAGES[code] === undefined) return code;
  const locale = currentLocale();
  const segments = path.split('.').filter((s) => !/^\d+$/.test(s));
  // Localised names ('name.ko') are labelled by their parent field.
  const last = segments.filter((s) => s !== 'ko' && s !== 'en').pop() ?? path;
  return errorMessage(code, locale, {
    label: labels[last] ? i18n.t(labels[last]!) : labelOf(last, locale),
    min: MIN_IDENTIFIER_LENGTH,
    key: paramKey(path, values) ?? last,
  });
}

/** The domain's field label, or this feature's own for fields the domain does not name. */
function labelOf(field: string, locale: 'ko' | 'en'): string {
  const own = i18n.t(`admin:fieldLabels.${field}`, { lng: locale, defaultValue: '' });
  return own || fieldLabel(field, locale);
}

/** For algorithm parameter rows ('trainParams.2.default') the message names the row's key. */
function paramKey(path: string, values: unknown): string | null {
  const m = /^(\w+Params)\.(\d+)\./.exec(path);
  if (!m || !values || typeof values !== 'object') return null;
  const row = ((values as Record<string, unknown>)[m[1]!] as { key?: string }[] | undefined)?.[Number(m[2])];
  return row?.key || null;
}

interface ResolverOptions<V> {
  /** Maps form values to the payload first (e.g. an empty optional password → absent). */
  prepare?: (values: V) => unknown;
  /** i18n keys naming fields whose generic label would be vague on this form ('name' → company name). */
  labels?: Record<string, string>;
}

export function domainResolver<V>(schema: z.ZodType, { prepare, labels }: ResolverOptions<V> = {}) {
  const base = zod4Resolver(schema);
  return (values: V): FormErrors => {
    const payload = prepare ? prepare(values) : values;
    const raw = base(payload as Record<string, unknown>);
    const out: FormErrors = {};
    for (const [path, msg] of Object.entries(raw))
      out[path] = typeof msg === 'string' ? translateIssue(msg, path, payload, labels) : msg;
    return out;
  };
}
