// dataset.export: zips a dataset into storage for a download request (body in @sightline/server/downloads).
import { resolve } from 'node:path';
import { createStorage, exportDatasetZip, type Storage } from '@sightline/server/downloads';
import { defineHandler } from '../handler';

let storage: Storage | null = null;
/** Same selection as the server: S3 when S3_BUCKET is set, else DATA_DIR/storage on this disk. */
export const workerStorage = () => (storage ??= createStorage(process.env, resolve(process.env.DATA_DIR ?? './data')));

export default defineHandler('dataset.export', async ({ jobId, payload, progress, signal, db }) => {
  return exportDatasetZip({ db, storage: workerStorage(), jobId, datasetId: payload.datasetId, folderIds: payload.folderIds, progress, signal });
});
