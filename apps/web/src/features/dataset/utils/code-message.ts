// Client-side checks return the same error codes as the server; their texts come from the shared catalogue.
import { errorMessage } from '@sightline/domain';
import { currentLocale } from '../../../i18n';

export const codeMessage = (code: string, params?: Record<string, string | number>): string =>
  errorMessage(code, currentLocale(), params);
