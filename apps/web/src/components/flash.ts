// Flash messages (SPEC §2: bottom-left, at most 350 px wide). Thin wrapper so features never
// depend on the notification library's options directly.
import { notifications } from '@mantine/notifications';
import i18n from '../i18n';

type FlashKind = 'error' | 'success' | 'info' | 'warning';
const COLORS: Record<FlashKind, string> = { error: 'red', success: 'teal', info: 'blue', warning: 'orange' };

export function flash(kind: FlashKind, message: string, title?: string): void {
  notifications.show({ color: COLORS[kind], title, message, autoClose: kind === 'error' ? 6000 : 4000 });
}

/** The general error flash: title 'Error', the message or 'There is no message.' */
export function flashError(message?: string | null): void {
  flash('error', message?.trim() ? message : i18n.t('common:error.noMessage'), i18n.t('common:error.title'));
}
