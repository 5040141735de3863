// Date display for tables and details (dayjs, local time).
import dayjs from 'dayjs';

export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '-');
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-';

/** A usage period 'start ~ end' with an open side left blank; null when neither is set. */
export function formatPeriod(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  return `${start ? formatDate(start) : ''} ~ ${end ? formatDate(end) : ''}`.trim();
}
