// Verification sampling runs at 00:00 (SPEC §9): the server enqueues monitoring.sample at every local
// midnight (the singleton key and the per-line "sampled today" check keep several servers to one run).
import type { JobService } from '@sightline/jobs';

export function nextMidnight(now = new Date()): Date {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next;
}

export function startMidnightSampling(
  jobs: Pick<JobService, 'enqueue'>,
  warn: (err: Error, msg: string) => void,
): () => void {
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    timer = setTimeout(fire, Math.max(1000, nextMidnight().getTime() - Date.now()));
    timer.unref();
  };
  const fire = () => {
    jobs
      .enqueue(
        { kind: 'monitoring.sample', payload: { at: new Date().toISOString() } },
        { singletonKey: 'monitoring.sample' },
      )
      .catch((err: Error) => warn(err, 'monitoring.sample enqueue failed'));
    arm();
  };
  arm();
  return () => {
    if (timer) clearTimeout(timer);
  };
}
