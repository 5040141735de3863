// compare.run: one evaluation per model on the same dataset (body in ../bodies/evaluation/compare.ts).
import { runCompare } from '../bodies/evaluation/compare';
import { defineHandler } from '../handler';

export default defineHandler('compare.run', async ({ payload, progress, signal, db, storage, dirs, log }) =>
  runCompare({ db, storage, cacheDir: dirs.cache, compareId: payload.compareId, progress, signal, log }),
);
