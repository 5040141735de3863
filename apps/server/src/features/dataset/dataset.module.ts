// Builds the dataset area's services once per app from AppDeps (routes and other features share them).
import type { AppDeps } from '../../app-deps';
import { ClassService } from './class.service';
import { DatasetAccess } from './dataset-access';
import { DatasetLockService } from './dataset-lock.service';
import { DatasetRepository } from './dataset.repository';
import { DatasetService } from './dataset.service';
import { IngestService } from './ingest/ingest.service';
import { UploadProgressRegistry } from './ingest/upload-progress';
import type { UploadLimits } from './ingest/upload-limits';

export interface DatasetServices {
  repo: DatasetRepository;
  access: DatasetAccess;
  datasets: DatasetService;
  classes: ClassService;
  locks: DatasetLockService;
  ingest: IngestService;
  progress: UploadProgressRegistry;
  limits: UploadLimits;
}

export function createDatasetServices(deps: AppDeps, limits: UploadLimits = deps.config.uploadLimits): DatasetServices {
  const repo = new DatasetRepository(deps.database.db);
  const access = new DatasetAccess(deps.database.db);
  const datasets = new DatasetService(repo, access, deps.storage, deps.media);
  return {
    repo,
    access,
    datasets,
    classes: new ClassService(repo, datasets),
    locks: new DatasetLockService(repo),
    ingest: new IngestService(repo, deps.storage, limits),
    progress: new UploadProgressRegistry(),
    limits,
  };
}
