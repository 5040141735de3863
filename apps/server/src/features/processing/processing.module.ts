// Builds the processing feature's services once per app: processing works and the annotation
// document API (the workspaces of issue 16 read and write documents through it).
import type { AppDeps } from '../../app-deps';
import { AnnotationRepository } from './annotation.repository';
import { AnnotationService } from './annotation.service';

export interface ProcessingServices {
  annotations: AnnotationService;
}

export function createProcessingServices(deps: AppDeps): ProcessingServices {
  const db = deps.database.db;
  return {
    annotations: new AnnotationService(db, new AnnotationRepository(db)),
  };
}
