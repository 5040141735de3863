// Notice rows → responses (never send rows).
import type { NoticeAttachment, NoticeDetail, NoticeListItem } from '@sightline/domain';
import type { NoticeAttachmentRow } from '@sightline/db';
import type { NoticeListRow } from './notice.repository';

export const mapNoticeItem = (r: NoticeListRow): NoticeListItem => ({
  id: r.id,
  title: r.title,
  category: r.category,
  scope: r.scope,
  company_id: r.companyId,
  company_name: r.companyName,
  department: r.department,
  pinned: r.pinned,
  attachment_count: Number(r.attachmentCount),
  author_name: r.authorName,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const mapAttachment = (a: NoticeAttachmentRow): NoticeAttachment => ({
  id: a.id,
  file_name: a.fileName,
  content_type: a.contentType,
  size: a.size,
  url: `/api/notices/${a.noticeId}/attachments/${a.id}`,
  is_pdf: a.contentType === 'application/pdf',
});

export const mapNoticeDetail = (
  r: NoticeListRow & { content: string },
  attachments: NoticeAttachmentRow[],
): NoticeDetail => ({
  ...mapNoticeItem(r),
  content: r.content,
  attachments: attachments.map(mapAttachment),
});
