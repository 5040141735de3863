// Date display for tables and details (dayjs, local time).
import dayjs from 'dayjs';

export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '-');
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-';
