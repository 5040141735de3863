// Puts a server error next to the field it names (the API answers {error:{code,message,field}});
// errors without a known field fall back to the general error flash.
import type { UseFormReturnType } from '@mantine/form';
import { ApiError, flashError, isCancelled } from '../components/shared';

export function showServerError<V>(form: UseFormReturnType<V> | null, err: unknown): void {
  if (isCancelled(err)) return;
  if (err instanceof ApiError) {
    if (form && err.field && hasPath(form.getValues(), err.field)) {
      form.setFieldError(err.field, err.message);
      return;
    }
    flashError(err.message);
    return;
  }
  flashError(err instanceof Error ? err.message : null);
}

function hasPath(values: unknown, path: string): boolean {
  let cur: unknown = values;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(part in (cur as object))) return false;
    cur = (cur as Record<string, unknown>)[part];
  }
  return true;
}
