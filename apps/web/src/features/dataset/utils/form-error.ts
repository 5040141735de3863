// Server refusals of a dialog's own input (4xx) are shown on the field; anything else goes to the
// general error handler (flash 'Error').
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';

export function showFormError(
  err: unknown,
  setFieldError: (field: string, message: string) => void,
  field: string,
): void {
  if (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.status !== 403
  ) {
    setFieldError(err.field ?? field, err.message);
    return;
  }
  handleApiError(err);
}
