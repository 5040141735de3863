// @mantine/form + zod schemas from packages/domain. Domain schemas use error codes as messages,
// so one translation table (errors/messages.ts) serves server answers and inline form errors alike.
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { ERROR_MESSAGES, ErrorCode, MIN_IDENTIFIER_LENGTH, errorMessage } from '@sightline/domain';
import type { z } from 'zod';
import { ApiError } from '../api/api-error';
import i18n, { currentLocale } from '../i18n';

/**
 * A `validate` function for useForm. Each issue's message is an error code (translated) or, when the
 * schema has none, the i18n key given for that field in `fallbacks`, else the generic validation text.
 */
export function zodValidate<T extends z.ZodType>(schema: T, fallbacks: Record<string, string> = {}) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (errors[field]) continue;
      const params = {
        min: MIN_IDENTIFIER_LENGTH,
        ...((issue as { params?: Record<string, string | number> }).params ?? {}),
      };
      errors[field] = ERROR_MESSAGES[issue.message]
        ? errorMessage(issue.message, currentLocale(), params)
        : fallbacks[field]
          ? i18n.t(fallbacks[field])
          : errorMessage(ErrorCode.ValidationFailed, currentLocale());
    }
    return errors;
  };
}

/**
 * Shows a server validation answer ({error:{code,message,field}}) under the matching input.
 * Returns false when the error is not a field error, so the caller can flash it instead.
 */
export function applyServerFieldError<V>(
  form: UseFormReturnType<V>,
  err: unknown,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(err instanceof ApiError) || !err.field) return false;
  const field = fieldMap[err.field] ?? err.field;
  if (!(field in (form.getValues() as object)) && !field.includes('.')) return false;
  form.setFieldError(field, err.message);
  return true;
}
