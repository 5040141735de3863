// Every job handler. Add one import and one list entry per job kind (startup checks the list).
import type { JobHandler } from '../handler';
import systemSleep from './system-sleep.handler';
import datasetExport from './dataset-export.handler';
import downloadCleanup from './download-cleanup.handler';
import storageGc from './storage-gc.handler';

export const handlers: JobHandler[] = [systemSleep as JobHandler, datasetExport as JobHandler, downloadCleanup as JobHandler, storageGc as JobHandler];
