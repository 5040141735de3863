// The 3-month password reminder (SPEC §4, §9), shared by the server (flag) and web (modal).
import { PASSWORD_CHANGE_REMINDER_MONTHS } from '../constants';

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** True when the password is older than 3 months and the reminder is not snoozed. */
export function isPasswordAlarmDue(changedAt: Date, snoozedUntil: Date | null, now = new Date()): boolean {
  if (snoozedUntil && snoozedUntil > now) return false;
  return addMonths(changedAt, PASSWORD_CHANGE_REMINDER_MONTHS) <= now;
}
