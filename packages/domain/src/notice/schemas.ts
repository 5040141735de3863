// Notices (SPEC §2 /notices, /admin/notice; §3 Notice: title, content, attachment, updated date, scope).
// Scope: all (everyone, also logged out), one company, or one department of one company. Content is
// rich text (HTML) that the server sanitises before storing it. The category 'cs' holds the
// customer-service notices of /notices/cs.
import { z } from 'zod';

export const NOTICE_SCOPES = ['all', 'company', 'department'] as const;
export type NoticeScope = (typeof NOTICE_SCOPES)[number];
export const NOTICE_CATEGORIES = ['notice', 'cs'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_LIMITS = {
  titleMax: 200,
  contentMaxChars: 200_000,
  attachmentMaxBytes: 20 * 1024 * 1024,
  attachmentsPerNotice: 10,
} as const;

export const NoticeErrorCode = {
  TitleRequired: 'NOTICE_TITLE_REQUIRED',
  CompanyRequired: 'NOTICE_COMPANY_REQUIRED',
  DepartmentRequired: 'NOTICE_DEPARTMENT_REQUIRED',
  FileRequired: 'NOTICE_FILE_REQUIRED',
  TooManyFiles: 'NOTICE_TOO_MANY_FILES',
  FileTooLarge: 'NOTICE_FILE_TOO_LARGE',
} as const;

export const noticeInputSchema = z
  .object({
    title: z.string().trim().min(1, { error: NoticeErrorCode.TitleRequired }).max(NOTICE_LIMITS.titleMax),
    content: z.string().max(NOTICE_LIMITS.contentMaxChars).default(''),
    category: z.enum(NOTICE_CATEGORIES).default('notice'),
    scope: z.enum(NOTICE_SCOPES).default('all'),
    company_id: z.number().int().positive().nullable().default(null),
    department: z.string().trim().max(100).nullable().default(null),
    pinned: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'all' && !v.company_id)
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: NoticeErrorCode.CompanyRequired });
    if (v.scope === 'department' && !v.department)
      ctx.addIssue({ code: 'custom', path: ['department'], message: NoticeErrorCode.DepartmentRequired });
  });
export type NoticeInput = z.infer<typeof noticeInputSchema>;

export const noticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(100).optional(),
  category: z.enum(NOTICE_CATEGORIES).default('notice'),
  /** Admin lists: notices for everyone ('all') or for a company or department ('company'). */
  group: z.enum(['all', 'company', 'any']).default('any'),
});
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

export const noticeAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** GET this (with the caller's token, when signed in) for the bytes. */
  url: z.string(),
  is_pdf: z.boolean(),
});
export type NoticeAttachment = z.infer<typeof noticeAttachmentSchema>;

export const noticeListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  scope: z.enum(NOTICE_SCOPES),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  department: z.string().nullable(),
  pinned: z.boolean(),
  attachment_count: z.number().int(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;

export const noticeDetailSchema = noticeListItemSchema.extend({
  content: z.string(),
  attachments: z.array(noticeAttachmentSchema),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const noticeAttachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.uuid(),
});
