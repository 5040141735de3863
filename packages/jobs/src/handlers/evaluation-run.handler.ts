// evaluation.run: one performance evaluation (body in ../bodies/evaluation/run.ts).
import { runSingleEvaluation } from '../bodies/evaluation/run';
import { defineHandler } from '../handler';

export default defineHandler('evaluation.run', async ({ payload, progress, signal, db, storage, dirs, log }) =>
  runSingleEvaluation({ db, storage, cacheDir: dirs.cache, evaluationId: payload.evaluationId, progress, signal, log }),
);
