// The API speaks YYYY-MM-DD; Mantine's DateInput v8 speaks 'YYYY-MM-DD' strings too (or Date).
import dayjs from 'dayjs';

export const toDateValue = (s: string | null | undefined): string | null => (s ? s.slice(0, 10) : null);
export const fromDateValue = (d: string | Date | null): string | null =>
  d ? dayjs(d).format('YYYY-MM-DD') : null;
