// Builds the downloads feature's services from the repositories and deps they use.
import { DownloadRepository } from '@sightline/db';
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { ProjectAccess } from '../../common/project-access';
import { DATASET_ACCESS } from '../dataset/dataset.module';
import { DownloadService } from './download.service';

export interface DownloadServices {
  downloads: DownloadService;
}

export function createDownloadServices(deps: AppDeps): DownloadServices {
  const { database, queue, storage, media } = deps;
  const jobs = new JobService(database, queue);
  return {
    downloads: new DownloadService(
      database.db,
      new DownloadRepository(database.db),
      new ProjectAccess(database.db, DATASET_ACCESS),
      jobs,
      storage,
      media,
    ),
  };
}
