// processing.run: fills a processing work's result dataset (body in ../bodies/processing/run).
import { runProcessingWork } from '../bodies/processing/run';
import { defineHandler } from '../handler';

export default defineHandler('processing.run', async ({ payload, progress, signal, db, storage }) =>
  runProcessingWork({ db, storage, workId: payload.workId, progress, signal }),
);
