// Enqueues a maintenance job (download.cleanup, storage.gc) on a timer and once soon after start.
// pg-boss's own cron is off in this deployment, so the server drives the schedule; the singleton key
// keeps one job queued at a time however many server processes run.
import type { FastifyBaseLogger } from 'fastify';
import type { JobService } from '../../jobs/job.service';

export function startCleanupSchedule(
  jobs: JobService,
  kind: 'download.cleanup' | 'storage.gc',
  everyMs: number,
  log: FastifyBaseLogger,
): () => void {
  const tick = () =>
    jobs.enqueue({ kind, payload: {} }, { singletonKey: kind }).catch((err: Error) => log.warn({ err }, `${kind} enqueue failed`));
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
