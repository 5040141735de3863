// Public configuration and health answers.
import { z } from 'zod';
import { PRODUCT_NAMES } from '../constants';

export const maintenanceWindowSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Users of this company keep access during the window (SPEC §4). */
  exemptCompanyId: z.number().int().nullable().default(null),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const publicConfigSchema = z.object({
  product_name: z.enum(PRODUCT_NAMES),
  ssl: z.boolean(),
  maintenance: z.object({ start: z.string(), end: z.string(), active: z.boolean(), applies: z.boolean() }),
  /** Base URL of the image/file server for download links (IMAGE_BASE_URL); '' = this origin. */
  image_base: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.object({ ok: z.boolean(), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), queued: z.number().int(), active: z.number().int() }),
  workers: z.object({
    /** Workers with a fresh heartbeat, neither stopped nor lost. */
    alive: z.number().int(),
    /** Recently lost workers whose place is still empty (0 once `alive` is back to `expected`). */
    lost: z.number().int(),
    expected: z.number().int(),
    /** Losses of the last 15 minutes, newest first (a clean stop is not a loss). */
    recentLosses: z
      .array(z.object({ id: z.string(), hostname: z.string(), pid: z.number().int(), lostAt: z.string() }))
      .default([]),
  }),
});
export type Health = z.infer<typeof healthSchema>;
