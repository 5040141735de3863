// evaluation.export: zips an evaluation's predictions and overlays for a Result-tab download request.
import { exportEvaluationZip } from '../bodies/evaluation/export';
import { defineHandler } from '../handler';

export default defineHandler('evaluation.export', async ({ jobId, payload, progress, signal, db, storage }) =>
  exportEvaluationZip({ db, storage, jobId, evaluationId: payload.evaluationId, progress, signal }),
);
