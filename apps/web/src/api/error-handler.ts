// The general error handler (SPEC §8): cancelled → silent; 401 → session flash (logout happens in
// the session module); everything else → flash 'Error' with the message or 'There is no message.'
import { flash, flashError } from '../components/flash';
import i18n from '../i18n';
import { ApiError, isCancelled } from './api-error';
import { ErrorCode } from '@sightline/domain';

let lastSessionFlash = 0;

/** 'The session has expired. Please log in again.', said once even when many requests fail together. */
export function flashSessionExpired(): void {
  if (Date.now() - lastSessionFlash < 2000) return;
  lastSessionFlash = Date.now();
  flash('error', i18n.t('common:error.sessionExpired'), i18n.t('common:error.title'));
}

export function handleApiError(err: unknown): void {
  if (isCancelled(err)) return;
  if (err instanceof ApiError) {
    if (err.status === 401 || /\b401\b/.test(err.message)) return flashSessionExpired();
    // Maintenance and expired trials were already announced by the session module.
    if (err.code === ErrorCode.Maintenance || err.code === ErrorCode.AccountExpired) return;
    if (err.code === 'TIMEOUT') return flashError(i18n.t('common:error.timeout'));
    if (err.code === 'NETWORK') return flashError(i18n.t('common:error.network'));
    return flashError(err.message);
  }
  flashError(err instanceof Error ? err.message : null);
}
