// Removes upload spool folders left behind by a process that died mid-upload. A folder is named
// "<host>-<pid>-<uuid>" (processTag): at start-up every folder of a dead process of this host goes at
// once; a folder of a live process (another server sharing DATA_DIR) or of another host only when it
// is older than a day.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { madeByDeadProcess } from '@sightline/storage';

export async function sweepStaleSpools(
  uploadsDir: string,
  maxAgeMs = 24 * 3600 * 1000,
  now = Date.now(),
  opts: { selfIsPrevious?: boolean } = {},
): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(uploadsDir, name);
    const s = await stat(path).catch(() => null);
    if (s && (madeByDeadProcess(name, opts) || now - s.mtimeMs > maxAgeMs)) {
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
