// Notifications: the latest 10 (header), the paged list (/my/notifications), marking read, and the live
// stream (GET /api/notifications/events, one `notifications` event with the latest 10 per change).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE, type Notification } from '@sightline/domain';
import { api } from '../../../api/client';
import { openEventStream } from '../../../api/event-stream';

export interface NotificationPage {
  data: Notification[];
  total: number;
  unread: number;
}
export type ReadFilter = 'all' | 'unread' | 'read';

export const notificationKeys = {
  all: ['notification'] as const,
  latest: () => ['notification', 'latest'] as const,
  page: (page: number, filter: ReadFilter) => ['notification', 'page', { page, filter }] as const,
};

const fetchPage = (page: number, filter: ReadFilter) =>
  api.get<NotificationPage>('/api/my/notifications', {
    query: { page, perPage: NOTIFICATION_PAGE_SIZE, filter },
  });

/** The header's latest 10 with the unread count; kept live by the event stream while `live`. */
export function useLatestNotifications(live: boolean) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: () => fetchPage(1, 'all'),
    meta: { silent: true },
    enabled: live,
  });
  useEffect(() => {
    if (!live) return;
    return openEventStream(
      '/api/notifications/events',
      {},
      {
        notifications: (data) => {
          qc.setQueryData(notificationKeys.latest(), data as NotificationPage);
          void qc.invalidateQueries({ queryKey: ['notification', 'page'] });
        },
      },
    );
  }, [live, qc]);
  return query;
}

export function useNotificationPage(page: number, filter: ReadFilter) {
  return useQuery({ queryKey: notificationKeys.page(page, filter), queryFn: () => fetchPage(page, filter) });
}

export const markNotificationRead = (id: number) => api.post<Notification>(`/api/notifications/${id}/read`);
export const markAllNotificationsRead = () => api.post<{ updated: number }>('/api/notifications/read-all');
