// @sightline/db: the Drizzle schema, the migration runner, one pg Pool per process, and the
// repositories both apps use (job, worker and download rows; dataset rows read by export and GC).
// The embedded PostgreSQL is a separate entry ('@sightline/db/embedded') so workers never load it.
export * from './client';
export * from './migrate';
export * from './unavailable';
export * from './pg-listener';
export * as schema from './schema';
export * from './schema';
export * from './repositories/job.repository';
export * from './repositories/download.repository';
export * from './repositories/dataset-files.repository';
export * from './repositories/ingest-journal.repository';
export * from './repositories/notification-alert.repository';
