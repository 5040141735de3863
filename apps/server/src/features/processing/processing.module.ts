// Builds the processing feature's services once per app: processing works, the class dialogs of a
// work, and the annotation document API (the workspaces of issue 16 read and write documents through it).
import type { AppDeps } from '../../app-deps';
import { createDatasetServices } from '../dataset/dataset.module';
import { AnnotationRepository } from './annotation.repository';
import { AnnotationService } from './annotation.service';
import { ProcessingService } from './processing.service';
import { WorkClassRepository } from './work-class.repository';
import { WorkClassService } from './work-class.service';

export interface ProcessingServices {
  works: ProcessingService;
  classes: WorkClassService;
  annotations: AnnotationService;
}

export function createProcessingServices(deps: AppDeps): ProcessingServices {
  const db = deps.database.db;
  const works = new ProcessingService(
    deps.database,
    deps.queue,
    createDatasetServices(deps).datasets,
    deps.storage,
  );
  return {
    works,
    classes: new WorkClassService(works, new WorkClassRepository(db)),
    annotations: new AnnotationService(db, new AnnotationRepository(db)),
  };
}
