// What the worker imports as '@sightline/server/downloads': the export and cleanup job bodies.
export { exportDatasetZip, type ExportInput, type ExportResult } from './dataset-export';
export { cleanupExpiredDownloads } from './download.service';
export { collectStorageGarbage } from './storage-gc';
export { DownloadRepository } from './download.repository';
export { createStorage } from '../../storage/create-storage';
export type { Storage } from '../../storage/storage';
