// download.cleanup: removes download files and rows whose expiry date (3 days) has passed.
import { DownloadRepository, cleanupExpiredDownloads } from '@sightline/server/downloads';
import { defineHandler } from '../handler';
import { workerStorage } from './dataset-export.handler';

export default defineHandler('download.cleanup', async ({ db }) => {
  const removed = await cleanupExpiredDownloads(new DownloadRepository(db), workerStorage());
  return { removed };
});
