// compare.run: one evaluation per model on the same dataset (body in ../bodies/evaluation/compare.ts,
// imported when a job arrives so the vision engine stays out of worker start-up).
import { defineHandler } from '../handler';

export default defineHandler('compare.run', async ({ payload, progress, signal, db, storage, dirs, log }) => {
  const { runCompare } = await import('../bodies/evaluation/compare');
  return runCompare({
    db,
    storage,
    cacheDir: dirs.cache,
    compareId: payload.compareId,
    progress,
    signal,
    log,
  });
});
