// Notices: public reads (GET /api/notices…, a token is sent when signed in so company notices show too)
// and management (roles 1 and 2: /api/admin/notices…).
import { useQuery } from '@tanstack/react-query';
import type {
  NoticeAttachment,
  NoticeCategory,
  NoticeDetail,
  NoticeListItem,
  NoticeScope,
} from '@sightline/domain';
import { api, type Paged } from '../../../api/client';

export type NoticeGroup = 'all' | 'company' | 'any';

export interface NoticeForm {
  title: string;
  content: string;
  category: NoticeCategory;
  scope: NoticeScope;
  company_id: number | null;
  department: string | null;
  pinned: boolean;
}

export const noticeKeys = {
  all: ['notice'] as const,
  list: (p: Record<string, unknown>) => ['notice', 'list', p] as const,
  detail: (id: number) => ['notice', 'detail', id] as const,
};

export function useNoticeList(p: {
  page: number;
  q?: string;
  category?: NoticeCategory;
  group?: NoticeGroup;
  admin?: boolean;
}) {
  const { admin, ...query } = p;
  return useQuery({
    queryKey: noticeKeys.list(p),
    queryFn: () =>
      api.get<Paged<NoticeListItem>>(admin ? '/api/admin/notices' : '/api/notices', {
        query: { perPage: 10, category: 'notice', ...query, q: query.q || undefined },
      }),
  });
}

export function useNotice(id: number | null) {
  return useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    queryFn: () => api.get<NoticeDetail>(`/api/notices/${id}`),
    enabled: id !== null && id > 0,
  });
}

export const createNotice = (body: NoticeForm) => api.post<NoticeDetail>('/api/admin/notices', body);
export const updateNotice = (id: number, body: NoticeForm) =>
  api.put<NoticeDetail>(`/api/admin/notices/${id}`, body);
export const deleteNotice = (id: number) => api.delete(`/api/admin/notices/${id}`);

export function uploadAttachment(noticeId: number, file: File) {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return api.post<NoticeAttachment>(`/api/admin/notices/${noticeId}/attachments`, fd);
}
export const deleteAttachment = (noticeId: number, attachmentId: string) =>
  api.delete(`/api/admin/notices/${noticeId}/attachments/${attachmentId}`);

/** The bytes of an attachment (with the caller's token when signed in). */
export const fetchAttachment = (url: string) => api.get<Blob>(url, { responseType: 'blob' });
