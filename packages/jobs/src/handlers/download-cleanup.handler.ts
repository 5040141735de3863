// download.cleanup: removes download files and rows whose expiry date (3 days) has passed.
import { DownloadRepository } from '@sightline/db';
import { cleanupExpiredDownloads } from '../bodies/download-cleanup';
import { defineHandler } from '../handler';

export default defineHandler('download.cleanup', async ({ db, storage }) => {
  const removed = await cleanupExpiredDownloads(new DownloadRepository(db), storage);
  return { removed };
});
