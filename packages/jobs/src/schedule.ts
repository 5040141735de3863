// Enqueues maintenance jobs (download.cleanup, storage.gc) on a timer and once soon after start.
// pg-boss's own cron is off in this deployment, so the server's runtime drives the schedule; the
// singleton key keeps one job queued at a time however many server processes run.
import type { JobService } from './job.service';

export interface JobSchedule {
  /** A job whose payload is empty (a maintenance pass). */
  kind: 'download.cleanup' | 'storage.gc';
  everyMs: number;
}

export function startJobSchedules(
  jobs: Pick<JobService, 'enqueue'>,
  schedules: readonly JobSchedule[],
  warn: (err: Error, msg: string) => void,
  firstAfterMs = 5_000,
): () => void {
  const timers = schedules.flatMap(({ kind, everyMs }) => {
    const tick = () =>
      jobs
        .enqueue({ kind, payload: {} }, { singletonKey: kind })
        .catch((err: Error) => warn(err, `${kind} enqueue failed`));
    const first = setTimeout(tick, firstAfterMs);
    const timer = setInterval(tick, everyMs);
    first.unref();
    timer.unref();
    return [() => clearTimeout(first), () => clearInterval(timer)];
  });
  return () => timers.forEach((stop) => stop());
}
