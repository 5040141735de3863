// Removes download files and rows whose expiry date (3 days) has passed; answers how many went.
import type { DownloadRepository } from '@sightline/db';
import { downloadKey, type Storage } from '@sightline/storage';

export async function cleanupExpiredDownloads(
  repo: DownloadRepository,
  storage: Storage,
  now = new Date(),
): Promise<number> {
  let n = 0;
  for (;;) {
    const rows = await repo.expired(now);
    if (!rows.length) return n;
    for (const r of rows) {
      await storage.delete(downloadKey(r.jobId));
      await repo.delete(r.jobId);
      n++;
    }
  }
}
