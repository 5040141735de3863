// What the worker and other features import as '@sightline/server/jobs'.
export * from './job-queue';
export * from './job.repository';
export * from './job.service';
export * from './job-events';
export * from './worker-reaper';
