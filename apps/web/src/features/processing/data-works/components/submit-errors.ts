// A create's failure: a server error naming a field goes under that field, anything else is flashed.
import { ApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-handler';

export function fieldErrorOf(err: unknown, setErrors: (e: Record<string, string>) => void): void {
  if (err instanceof ApiError && err.field && err.field !== 'file') {
    setErrors({ [err.field.split('.')[0]!]: err.message });
    return;
  }
  setErrors({});
  handleApiError(err);
}
