// evaluation.run: one performance evaluation (body in ../bodies/evaluation/run.ts, imported when a job
// arrives so the vision engine stays out of worker start-up).
import { defineHandler } from '../handler';

export default defineHandler(
  'evaluation.run',
  async ({ payload, progress, signal, db, storage, dirs, log }) => {
    const { runSingleEvaluation } = await import('../bodies/evaluation/run');
    return runSingleEvaluation({
      db,
      storage,
      cacheDir: dirs.cache,
      evaluationId: payload.evaluationId,
      progress,
      signal,
      log,
    });
  },
);
