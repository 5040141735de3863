// Every timer the server process runs, started and stopped in one place (main.ts): the worker
// reaper, the auth-row housekeeping and the maintenance jobs (download.cleanup, storage.gc).
import type { Database } from '@sightline/db';
import { JobService, WorkerReaper, startJobSchedules, type JobQueue } from '@sightline/jobs';
import type { ServerConfig } from '../config';
import { startHousekeeping } from './housekeeping';
import { startMidnightSampling } from '../features/monitoring/sampling-schedule';

export function startSchedules(
  config: ServerConfig,
  database: Database,
  queue: JobQueue,
  log: (m: string) => void,
): () => void {
  const reaper = new WorkerReaper(database, queue, config.workerStaleMs, log);
  reaper.start();
  const stopHousekeeping = startHousekeeping(database.pool, log);
  const stopJobs = startJobSchedules(
    new JobService(database, queue),
    [
      { kind: 'download.cleanup', everyMs: config.downloadCleanupIntervalMs },
      { kind: 'storage.gc', everyMs: config.storageGcIntervalMs },
    ],
    (err, msg) => log(`${msg}: ${err.message}`),
  );
  const stopSampling = startMidnightSampling(new JobService(database, queue), (err, msg) =>
    log(`${msg}: ${err.message}`),
  );
  return () => {
    reaper.stop();
    stopHousekeeping();
    stopJobs();
    stopSampling();
  };
}
