// Bodies of the evaluation jobs (evaluation.run, compare.run, evaluation.export), for the handlers and tests.
export { runEvaluation, runSingleEvaluation, releaseDatasetLock, evaluationLockRef, compareLockRef, type EvaluationRunInput, type EvaluationOutcome } from './run';
export { runCompare, countDisagreements, type CompareRunInput } from './compare';
export { exportEvaluationZip, type EvaluationExportInput } from './export';
