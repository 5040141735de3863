// Removes upload spool folders left behind by a process that died mid-upload. Only folders older than
// a day go, so a slow upload of another server process sharing DATA_DIR is never touched.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function sweepStaleSpools(
  uploadsDir: string,
  maxAgeMs = 24 * 3600 * 1000,
  now = Date.now(),
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
    if (s && now - s.mtimeMs > maxAgeMs) {
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
