// Every job handler, one per job kind of packages/domain/src/jobs.ts. To add a job: add its kind and
// payload schema to the domain union, write handlers/<kind>.handler.ts with defineHandler, and add one
// import and one list entry here. The worker refuses to start when a kind has no handler or two.
import type { JobHandler } from '../handler';
import systemSleep from './system-sleep.handler';
import datasetExport from './dataset-export.handler';
import downloadCleanup from './download-cleanup.handler';
import storageGc from './storage-gc.handler';
import evaluationRun from './evaluation-run.handler';
import compareRun from './compare-run.handler';
import evaluationExport from './evaluation-export.handler';
import learningTrain from './learning-train.handler';
import processingRun from './processing-run.handler';
import processingData from './processing-data.handler';
import monitoringSample from './monitoring-sample.handler';
import segmentRefine from './segment-refine.handler';

// JobHandler<any>: a handler of one kind is not a JobHandler of the whole union (its ctx is narrower).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const handlers: readonly JobHandler<any>[] = [
  systemSleep,
  datasetExport,
  downloadCleanup,
  storageGc,
  learningTrain,
  evaluationRun,
  compareRun,
  evaluationExport,
  processingRun,
  processingData,
  monitoringSample,
  segmentRefine,
];
