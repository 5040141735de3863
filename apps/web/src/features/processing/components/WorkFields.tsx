// The fields every processing work starts with: work name (≤ 30), save directory and description;
// errors (client rules or the server's field error) show under their input.
import { Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WORK_NAME_MAX, errorMessage, saveDirIssue, workNameIssue, type Locale } from '@sightline/domain';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';

export interface WorkFieldValues {
  name: string;
  save_dir: string;
  description: string;
}

export const emptyWorkFields = (): WorkFieldValues => ({ name: '', save_dir: '', description: '' });

/** The §5 name and folder rules on the client (the server checks them again, and existence). */
export function workFieldErrors(v: WorkFieldValues, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of [workNameIssue(v.name), saveDirIssue(v.save_dir)])
    if (issue) out[issue.field] = errorMessage(issue.code, locale as Locale, issue.params);
  return out;
}

/** A server error with a field goes under that input (`fields` maps server names); others flash. */
export function applySubmitError(
  err: unknown,
  setErrors: (e: Record<string, string>) => void,
  known: readonly string[],
): void {
  if (err instanceof ApiError && err.field) {
    const key = err.field.split('.')[0]!;
    if (known.includes(key)) return setErrors({ [key]: err.message });
  }
  handleApiError(err);
}

export function WorkFields({
  values,
  onChange,
  errors,
}: {
  values: WorkFieldValues;
  onChange: (v: WorkFieldValues) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('processing');
  return (
    <Stack gap="sm">
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        value={values.name}
        maxLength={WORK_NAME_MAX + 10}
        onChange={(e) => onChange({ ...values, name: e.currentTarget.value })}
        error={errors.name}
        withAsterisk
        data-testid="work-name"
      />
      <TextInput
        label={t('form.saveDir')}
        placeholder={t('form.saveDirPlaceholder')}
        value={values.save_dir}
        onChange={(e) => onChange({ ...values, save_dir: e.currentTarget.value })}
        error={errors.save_dir}
        withAsterisk
        data-testid="work-save-dir"
      />
      <Textarea
        label={t('form.description')}
        value={values.description}
        autosize
        minRows={2}
        onChange={(e) => onChange({ ...values, description: e.currentTarget.value })}
      />
    </Stack>
  );
}
