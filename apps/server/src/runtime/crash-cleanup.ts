// Start-up cleanup after an unclean stop (issue 18): what a server killed mid-upload left behind goes
// before the first request is served: its upload spool folders (DATA_DIR/tmp/uploads), half-written
// temp files of local storage (DATA_DIR/storage/.tmp) and the objects of its uploads that did not commit
// (journaled in ingest_uploads/ingest_objects), on local disk or S3. Uploads of a live process (another
// server on this host, or one on another host that still touches its journal) are left alone.
import { join } from 'node:path';
import type { Database } from '@sightline/db';
import { recoverUploads, UPLOAD_STALE_MS } from '@sightline/jobs';
import { LocalStorage, madeByDeadProcess, type Storage } from '@sightline/storage';
import { sweepStaleSpools } from '../features/dataset/ingest/spool-sweeper';

export interface CrashCleanup {
  spools: number;
  tempFiles: number;
  uploads: number;
  images: number;
}

export async function cleanUpAfterCrash(
  dataDir: string,
  database: Database,
  storage: Storage,
  now = Date.now(),
): Promise<CrashCleanup> {
  // Nothing of this process has started yet: a tag with our own pid is a predecessor's (containers).
  const opts = { selfIsPrevious: true };
  const spools = await sweepStaleSpools(join(dataDir, 'tmp', 'uploads'), undefined, now, opts);
  const tempFiles = storage instanceof LocalStorage ? await storage.sweepTemp(opts) : 0;
  const stale = now - UPLOAD_STALE_MS;
  const recovered = await recoverUploads(
    database.db,
    storage,
    (u) => madeByDeadProcess(`${u.owner}-`, opts) || u.touchedAt.getTime() < stale,
  );
  return { spools, tempFiles, uploads: recovered.uploads, images: recovered.images };
}

export const describeCleanup = (c: CrashCleanup) =>
  `removed after an unclean stop: ${c.uploads} uncommitted upload(s) (${c.images} image ids), ` +
  `${c.spools} upload spool folder(s), ${c.tempFiles} storage temp file(s)`;
