// The edge runner's outbox: every judgement is written here (fsynced, then renamed into place) before it
// is answered, and leaves only once the server has stored it. An entry is two files, `<name>.img` and
// `<name>.json`; the JSON is written last, so a half-written entry (a crash in between) has no JSON and is
// swept. Names start with the time of judgement, so uploads go oldest first.
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EdgeResult } from '@sightline/domain';

export interface OutboxEntry {
  name: string;
  result: EdgeResult;
  image: Buffer;
}

async function writeDurably(path: string, data: Buffer | string): Promise<void> {
  const tmp = `${path}.tmp`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
}

export class Outbox {
  private readonly dir: string;
  private readonly rejected: string;

  constructor(stateDir: string) {
    this.dir = join(stateDir, 'outbox');
    this.rejected = join(stateDir, 'rejected');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Sweep what a crash left half-written: temp files, and images whose JSON never landed.
    const files = await readdir(this.dir);
    const complete = new Set(files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)));
    for (const f of files)
      if (f.endsWith('.tmp') || (f.endsWith('.img') && !complete.has(f.slice(0, -4))))
        await rm(join(this.dir, f), { force: true });
  }

  async add(result: EdgeResult, image: Buffer): Promise<string> {
    const name = `${result.judged_at.replace(/[^0-9]/g, '').slice(0, 17)}-${result.request_id}`;
    await writeDurably(join(this.dir, `${name}.img`), image);
    await writeDurably(join(this.dir, `${name}.json`), JSON.stringify(result));
    return name;
  }

  /** Names of the complete entries, oldest first. */
  async names(): Promise<string[]> {
    return (await readdir(this.dir).catch(() => []))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  }

  async read(name: string): Promise<OutboxEntry | null> {
    try {
      const result = JSON.parse(await readFile(join(this.dir, `${name}.json`), 'utf8')) as EdgeResult;
      const image = await readFile(join(this.dir, `${name}.img`));
      return { name, result, image };
    } catch {
      return null;
    }
  }

  /** The server has the entry: the JSON goes first, so a crash in between leaves only a swept image. */
  async remove(name: string): Promise<void> {
    await rm(join(this.dir, `${name}.json`), { force: true });
    await rm(join(this.dir, `${name}.img`), { force: true });
  }

  /** The server refused the entry for good (a 4xx other than the key): kept aside for a person to see. */
  async reject(name: string): Promise<void> {
    await mkdir(this.rejected, { recursive: true });
    for (const ext of ['.img', '.json'])
      await rename(join(this.dir, name + ext), join(this.rejected, name + ext)).catch(() => undefined);
  }
}
