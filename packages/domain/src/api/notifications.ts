// Notifications (SPEC §3 "Notification", §7 GET /api/notifications): the header dropdown shows the
// latest 10, /my/notifications pages through all of them. Job notifications are written by a trigger on
// the jobs table (one per job, in step with its status and progress); monitoring alerts by a call.
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../constants';

export const NOTIFICATION_TYPES = [
  'labeling',
  'compare_inference',
  'compare',
  'learning',
  'inference',
  'monitoring',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** SPEC §4: a notification is done or in progress. */
export const NOTIFICATION_STATUS = ['done', 'in_progress'] as const;

/** perPage ≤ NOTIFICATION_PAGE_SIZE (SPEC §10: the dropdown shows the latest 10). */
export const notificationQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
});

/** /my/notifications: 10 per page (SPEC §9), optionally only unread ones. */
export const notificationPageQuerySchema = notificationQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  filter: z.enum(['all', 'unread', 'read']).default('all'),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUS),
  progress: z.number().int().min(0).max(100),
  project_id: z.number().int().nullable(),
  /** The project's title and the followed work's name (training, evaluation, …), when known. */
  project_name: z.string().nullable(),
  work_name: z.string().nullable(),
  /** The followed job (null for alerts) and its own status: queued, running, succeeded, failed, cancelled. */
  job_id: z.string().nullable(),
  job_status: z.string().nullable(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `{data:{data:[...]}}`, newest first. */
export const notificationListSchema = z.object({ data: z.object({ data: z.array(notificationSchema) }) });

/** The paged list of /my/notifications: `{data:{data, total, unread}}`. */
export const notificationPageSchema = z.object({
  data: z.object({
    data: z.array(notificationSchema),
    total: z.number().int(),
    unread: z.number().int(),
  }),
});

/** Where a notification leads in the web app. */
export function notificationPath(n: Pick<Notification, 'type'>): string {
  switch (n.type) {
    case 'learning':
      return '/train/learning';
    case 'inference':
      return '/train/inference';
    case 'compare':
    case 'compare_inference':
      return '/train/inference/compare';
    case 'labeling':
      return '/train/processing';
    case 'monitoring':
      return '/monitoring';
  }
}
