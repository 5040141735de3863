// Enqueues the download.cleanup job on a timer (and once at start). pg-boss's own cron is off in this
// deployment, so the server drives the schedule; the singleton key keeps one job queued at a time
// however many server processes run.
import type { FastifyBaseLogger } from 'fastify';
import type { JobService } from '../../jobs/job.service';

export function startCleanupSchedule(jobs: JobService, everyMs: number, log: FastifyBaseLogger): () => void {
  const tick = () =>
    jobs.enqueue({ kind: 'download.cleanup', payload: {} }, { singletonKey: 'download.cleanup' }).catch((err: Error) => log.warn({ err }, 'download.cleanup enqueue failed'));
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
