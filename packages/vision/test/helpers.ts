// Shared test helpers: a fresh temp folder per test file, removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `sightline-vision-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
