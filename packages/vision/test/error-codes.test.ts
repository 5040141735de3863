// Every error the engine can report reaches users as a translated message: each code thrown in the
// TypeScript engine or the Python trainer must have ko and en texts in packages/domain.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '@sightline/domain';
import { describe, expect, it } from 'vitest';
import { trainerDir } from '../src/trainer/locate';

async function sources(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(ext) && !e.name.includes('.test.'))
    .map((e) => join(e.parentPath, e.name));
}

async function codes(files: string[], pattern: RegExp): Promise<Set<string>> {
  const found = new Set<string>();
  for (const f of files) for (const m of (await readFile(f, 'utf8')).matchAll(pattern)) found.add(m[1]!);
  return found;
}

// USAGE is the CLI's own answer to a wrong command line, printed in English with the usage text.
const CLI_ONLY = new Set(['USAGE']);

describe('engine error codes', () => {
  it('have ko and en messages', async () => {
    const ts = await codes(
      await sources(join(import.meta.dirname, '../src'), '.ts'),
      /VisionError\(\s*'([A-Z_]+)'/g,
    );
    const py = await codes(
      await sources(join(trainerDir(), 'sightline_trainer'), '.py'),
      /(?:TrainerError\(\s*|code=)"([A-Z_]+)"/g,
    );
    expect(ts.size).toBeGreaterThan(10);
    expect(py.size).toBeGreaterThan(10);
    const missing = [...new Set([...ts, ...py])].filter(
      (c) => !CLI_ONLY.has(c) && !(ERROR_MESSAGES[c]?.ko && ERROR_MESSAGES[c]?.en),
    );
    expect(missing).toEqual([]);
  });
});
