// Notifications (SPEC §3 "Notification", §7 GET /api/notifications): the header dropdown shows the
// latest 10. Rows are written by the features that report work (labeling, learning, inference, …).
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../constants';

export const NOTIFICATION_TYPES = [
  'labeling',
  'compare_inference',
  'compare',
  'learning',
  'inference',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** SPEC §4: a notification is done or in progress. */
export const NOTIFICATION_STATUS = ['done', 'in_progress'] as const;

/** perPage ≤ NOTIFICATION_PAGE_SIZE (SPEC §10: the dropdown shows the latest 10). */
export const notificationQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUS),
  progress: z.number().int().min(0).max(100),
  project_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `{data:{data:[...]}}`, newest first. */
export const notificationListSchema = z.object({ data: z.object({ data: z.array(notificationSchema) }) });
