// Builds the downloads feature's services from the repositories and deps they use.
import { DownloadRepository } from '@sightline/db';
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { DatasetAccess } from '../datasets/dataset-access';
import { DownloadService } from './download.service';

export interface DownloadServices {
  downloads: DownloadService;
}

export function createDownloadServices(deps: AppDeps): DownloadServices {
  const { database, queue, storage, media } = deps;
  const jobs = new JobService(database, queue);
  return {
    downloads: new DownloadService(database.db, new DownloadRepository(database.db), new DatasetAccess(database.db), jobs, storage, media),
  };
}
