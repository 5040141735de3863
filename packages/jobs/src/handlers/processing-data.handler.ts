// processing.data: augmentation and AI labeling works (body in ../bodies/processing-data).
import { runProcessingData } from '../bodies/processing-data';
import { defineHandler } from '../handler';

export default defineHandler('processing.data', async ({ payload, progress, signal, db, storage, dirs }) =>
  runProcessingData({
    db,
    storage,
    workId: payload.workId,
    workDir: dirs.work,
    cacheDir: dirs.cache,
    progress,
    signal,
  }),
);
