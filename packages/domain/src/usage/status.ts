// GET /api/status (the /status page): /api/health plus storage, disk, job queue and trainer checks.
import { z } from 'zod';
import { healthSchema } from '../api/system';

export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checked_at: z.string(),
  health: healthSchema,
  storage: z.object({
    ok: z.boolean(),
    kind: z.enum(['local', 's3']),
    latency_ms: z.number().nullable(),
    error: z.string().nullable(),
  }),
  disk: z.object({
    ok: z.boolean(),
    path: z.string(),
    total_bytes: z.number(),
    free_bytes: z.number(),
    used_pct: z.number(),
  }),
  jobs: z.object({ running: z.number().int(), queued: z.number().int(), failed_24h: z.number().int() }),
  trainer: z.object({
    ok: z.boolean(),
    torch: z.string().nullable(),
    threads: z.number().nullable(),
    error: z.string().nullable(),
    checked_at: z.string(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
