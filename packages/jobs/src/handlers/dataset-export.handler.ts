// dataset.export: zips a dataset into storage for a download request (body in ../bodies/dataset-export).
import { exportDatasetZip } from '../bodies/dataset-export';
import { defineHandler } from '../handler';

export default defineHandler('dataset.export', async ({ jobId, payload, progress, signal, db, storage }) => {
  return exportDatasetZip({
    db,
    storage,
    jobId,
    datasetId: payload.datasetId,
    folderIds: payload.folderIds,
    format: payload.format,
    progress,
    signal,
  });
});
