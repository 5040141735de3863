// Builds the dataset area's services once per app from AppDeps (routes and other features share them).
import { IngestJournalRepository } from '@sightline/db';
import type { AppDeps } from '../../app-deps';
import { ClassService } from './class.service';
import { ProjectAccess } from '../../common/project-access';
import { DatasetLockService } from './dataset-lock.service';
import { DatasetRepository } from './dataset.repository';
import { DatasetService } from './dataset.service';
import { IngestService } from './ingest/ingest.service';
import { UploadProgressRegistry } from './ingest/upload-progress';
import type { UploadLimits } from './ingest/upload-limits';

/** Dataset calls need the training permission in the project (SPEC §6); errors name project_id. */
export const DATASET_ACCESS = { action: 'project.train', field: 'project_id' } as const;

export interface DatasetServices {
  repo: DatasetRepository;
  access: ProjectAccess;
  datasets: DatasetService;
  classes: ClassService;
  locks: DatasetLockService;
  ingest: IngestService;
  progress: UploadProgressRegistry;
  limits: UploadLimits;
}

export function createDatasetServices(
  deps: AppDeps,
  limits: UploadLimits = deps.config.uploadLimits,
): DatasetServices {
  const repo = new DatasetRepository(deps.database.db);
  const access = new ProjectAccess(deps.database.db, DATASET_ACCESS);
  const datasets = new DatasetService(repo, access, deps.storage, deps.media);
  return {
    repo,
    access,
    datasets,
    classes: new ClassService(repo, datasets),
    locks: new DatasetLockService(repo),
    ingest: new IngestService(repo, deps.storage, limits, new IngestJournalRepository(deps.database.db)),
    progress: new UploadProgressRegistry(),
    limits,
  };
}
