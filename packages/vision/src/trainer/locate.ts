// Where the Python trainer lives: resolved through the workspace package so it also works from the
// esbuild bundles of the server and worker; SIGHTLINE_TRAINER_DIR overrides it.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export function trainerDir(): string {
  if (process.env.SIGHTLINE_TRAINER_DIR) return process.env.SIGHTLINE_TRAINER_DIR;
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@sightline/trainer/package.json'));
}

/** Debian's interpreter carries python3-torch; the `python3` on PATH may not. */
export function pythonPath(): string {
  return process.env.SIGHTLINE_PYTHON ?? '/usr/bin/python3';
}
