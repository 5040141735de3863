// Local disk storage under DATA_DIR/storage. Writes go to a temp file in the same directory tree and
// are renamed into place, so a crash never leaves a half-written object under its real key.
import { createReadStream, createWriteStream, writeFile as writeFileCb } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  type CopyOptions,
  type ObjectInfo,
  type PutBody,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';
import { madeByDeadProcess, processTag } from './process-tag';

/** A temp name of tempFor(): "<hostTag>-<pid>-<uuid>". A bare (untagged) UUID must not pass for one: its
 * second group can be all digits ("3f2a1b9c-4567-…"), so the uuid's own first group is in the pattern. */
const TAGGED_TEMP = /^[0-9a-f]{8}-\d+-[0-9a-f]{8}-/;
/**
 * fs.writeFile with a promise: the callback API, not fs/promises. fs/promises' writeFile goes through a
 * FileHandle and a chunked write loop, and costs 350 against 60 µs of CPU for a 12 kB image (32 writes in
 * flight, node 20): on the inspection API's path, where every image's original is written, that is 5 % of
 * the server's CPU per image.
 */
const writeFile = promisify(writeFileCb);

/** Link failures that take the temp-and-rename path: the key exists, or the file cannot be linked there. */
const SLOW_COPY = new Set(['EEXIST', 'EXDEV', 'EPERM', 'EMLINK']);

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;
  private tmpReady = false;

  constructor(private readonly root: string) {
    this.tmpDir = join(root, '.tmp');
  }

  private path(key: string) {
    return join(this.root, ...assertKey(key).split('/'));
  }

  /** A temp path beside the objects, tagged with host and pid: sweepTemp() removes what a dead process
   * left half-written. */
  private async tempFor(target: string): Promise<string> {
    await mkdir(dirname(target), { recursive: true });
    if (!this.tmpReady) {
      await mkdir(this.tmpDir, { recursive: true });
      this.tmpReady = true;
    }
    return join(this.tmpDir, `${processTag()}-${randomUUID()}`);
  }

  async put(key: string, body: PutBody, opts: PutOptions = {}): Promise<void> {
    const target = this.path(key);
    if (opts.fresh && Buffer.isBuffer(body) && (await this.putFresh(target, body))) return;
    // The key's folder is made only when the rename finds it missing: most puts go to a folder that
    // exists (one per line and day for inspections), and a recursive mkdir per object costs as much as
    // the write.
    if (!this.tmpReady) {
      await mkdir(this.tmpDir, { recursive: true });
      this.tmpReady = true;
    }
    const tmp = join(this.tmpDir, `${processTag()}-${randomUUID()}`);
    try {
      // No fsync per object: rename already guarantees readers never see a partial object, and an
      // fsync per image halves upload throughput. A crash may lose the newest objects, not tear them.
      if (Buffer.isBuffer(body)) {
        await writeFile(tmp, body);
      } else {
        await copyFile(body.path, tmp);
      }
      try {
        await rename(tmp, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(dirname(target), { recursive: true });
        await rename(tmp, target);
      }
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Writes a new key in place (no temp file, no rename); false when the key exists (put replaces it). */
  private async putFresh(target: string, body: Buffer): Promise<boolean> {
    const dir = dirname(target);
    // A folder this process made or wrote to lately (an inspection line's day folder) is not made again:
    // a recursive mkdir per object costs about as much as the write. Had it gone since, the write says so.
    if (!this.knownDirs.has(dir)) await this.makeDir(dir);
    try {
      await writeFile(target, body, { flag: 'wx' });
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code === 'ENOENT' && this.knownDirs.delete(dir)) return this.putFresh(target, body);
      await rm(target, { force: true });
      throw err;
    }
  }

  private readonly knownDirs = new Set<string>();
  private async makeDir(dir: string) {
    await mkdir(dir, { recursive: true });
    // Bounded: one folder per image (images/<id>/) would otherwise grow it without end.
    if (this.knownDirs.size >= 1024) this.knownDirs.clear();
    this.knownDirs.add(dir);
  }

  /** A hard link: objects are never changed in place (put renames a new file over the key, delete
   * unlinks), so two keys may share one file. A copy where linking is not possible. A new key is linked
   * in place (a link appears whole); an existing one is replaced through a temp name and a rename. */
  async copy(from: string, to: string, opts: CopyOptions = {}): Promise<boolean> {
    const src = this.path(from);
    const target = this.path(to);
    if (opts.touch !== false) {
      // A new key must look new to storage GC (which spares young objects whose rows are not written
      // yet): the file is touched before it is linked, as a link shares its file's time.
      const now = new Date();
      try {
        await utimes(src, now, now);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    }
    // Fast path: link straight to the key; its folder is made when missing.
    const linkNew = async (): Promise<'linked' | 'ENOENT' | 'slow'> => {
      try {
        await link(src, target);
        return 'linked';
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (code === 'ENOENT') return 'ENOENT';
        if (SLOW_COPY.has(code)) return 'slow';
        throw err;
      }
    };
    let fast = await linkNew();
    if (fast === 'ENOENT') {
      // The source, or the key's folder, is missing.
      await mkdir(dirname(target), { recursive: true });
      fast = await linkNew();
      if (fast === 'ENOENT') return false;
    }
    if (fast === 'linked') return true;
    const tmp = await this.tempFor(target);
    try {
      try {
        await link(src, tmp);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw err;
        await copyFile(src, tmp);
      }
      await rename(tmp, target);
      return true;
    } catch (err) {
      await rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    return { stream: createReadStream(this.path(key)), size: info.size };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const k of keys) await this.delete(k);
  }

  /**
   * Removes temp files of processes that died mid-write (start-up). Untagged ones (older versions)
   * go when older than `maxAgeMs`. Returns how many were removed.
   */
  async sweepTemp(opts: { selfIsPrevious?: boolean; maxAgeMs?: number; now?: number } = {}): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch {
      return 0;
    }
    const cutoff = (opts.now ?? Date.now()) - (opts.maxAgeMs ?? 24 * 3600 * 1000);
    let removed = 0;
    for (const name of names) {
      const path = join(this.tmpDir, name);
      let dead = madeByDeadProcess(name, opts);
      if (!dead && !TAGGED_TEMP.test(name)) {
        const s = await stat(path).catch(() => null);
        dead = Boolean(s && s.mtimeMs < cutoff);
      }
      if (dead) {
        await rm(path, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertPrefix(prefix);
    const walk = async function* (dir: string, root: string): AsyncIterable<string> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = join(dir, e.name);
        if (e.isDirectory()) {
          if (full !== join(root, '.tmp')) yield* walk(full, root);
        } else if (e.isFile()) yield relative(root, full).split(sep).join('/');
      }
    };
    // Walk only the directory the prefix points into, not the whole tree.
    const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = dirPart ? join(this.root, ...dirPart.split('/')) : this.root;
    for await (const k of walk(start, this.root)) if (k.startsWith(prefix)) yield k;
  }
}

/** Streams a readable to a local file (used for multipart spooling and zip building). */
export async function streamToFile(src: NodeJS.ReadableStream, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await pipeline(src, createWriteStream(path));
}
