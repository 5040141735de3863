// Days from today to a project's end date (0 on the last day, negative once expired).
import dayjs, { type Dayjs } from 'dayjs';

export function daysLeft(endDate: string | null, today: Dayjs = dayjs()): number | null {
  if (!endDate) return null;
  return dayjs(endDate.slice(0, 10)).startOf('day').diff(today.startOf('day'), 'day');
}
