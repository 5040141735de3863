// The evaluation job bodies, for tests ('@sightline/jobs/evaluation'); handlers import them lazily.
export { runEvaluation, runSingleEvaluation, type EvaluationRunInput, type EvaluationOutcome } from './run';
export { runCompare, countDisagreements, type CompareRunInput } from './compare';
export { exportEvaluationZip, type EvaluationExportInput } from './export';
export { evaluationLockRef, compareLockRef, releaseDatasetLock } from './locks';
