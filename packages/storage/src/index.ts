// @sightline/storage: one Storage interface for originals, thumbnails and download zips, on local disk
// or S3-compatible object storage. Apps build it from their config (storageConfigFromEnv in config.ts).
export * from './storage';
export * from './local-storage';
export * from './s3-storage';
export * from './create-storage';
export * from './process-tag';
