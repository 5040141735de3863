// Bodies of the evaluation jobs (evaluation.run, compare.run, evaluation.export) load the vision engine:
// handlers import them when a job arrives, tests through '@sightline/jobs/evaluation'. The package index
// exports only the lock helpers the server needs.
export { evaluationLockRef, compareLockRef, releaseDatasetLock } from './locks';
