// The stored form of an external labeling upload between the request and its processing.data job: the
// uploaded files (zips and loose files) end to end in one object, then a JSON index of the members the
// request checked (images, bbox files, the class file) with where their bytes are, then the index's offset
// (8 bytes). A zip member points at its data inside the zip (stored, or deflated with its sizes), so the
// request never unpacks or re-reads a member and the job reads each one with one positional read. The
// first uploaded file is moved into place rather than copied.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, stat, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

const WINDOW = 1 << 20;

export type PackRole = 'image' | 'label' | 'classes';

export interface PackEntry {
  name: string;
  role: PackRole;
  /** Where the member's (possibly deflated) bytes start in the pack, and how many. */
  offset: number;
  size: number;
  /** 0 stored, 8 deflated (zip members). */
  method: 0 | 8;
  /** The member's own size (= size when stored). */
  length: number;
}

/** What a zip member needs to be found in the pack: yauzl's entry fields. */
export interface ZipMemberRef {
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
}

export interface PackWriter {
  /** Makes the file the pack's start (moved, not copied: the upload's largest part is usually one zip);
   * only before anything else is written. Answers its offset, 0. */
  adoptFile(path: string): Promise<number>;
  /** Appends a whole file; answers its offset in the pack. */
  appendFile(path: string): Promise<number>;
  /** A loose file appended at `base`. */
  addLoose(name: string, role: PackRole, base: number, size: number): void;
  /** A member of the zip appended at `base`, its bytes at `dataOffset` in the zip (after its local header). */
  addZipMember(name: string, role: PackRole, base: number, dataOffset: number, ref: ZipMemberRef): void;
  /** Writes the index and closes the file; answers the entries. */
  end(): Promise<PackEntry[]>;
}

export function writePack(path: string): PackWriter {
  const entries: PackEntry[] = [];
  let out: WriteStream | null = null;
  let offset = 0;
  let failed: Error | null = null;
  const stream = () => {
    if (!out) {
      out = createWriteStream(path, { flags: 'a' });
      out.on('error', (err) => (failed = err));
    }
    return out;
  };
  const write = async (chunk: Buffer) => {
    if (failed) throw failed;
    offset += chunk.length;
    const s = stream();
    if (!s.write(chunk)) await once(s, 'drain');
  };
  return {
    async adoptFile(file) {
      if (out || offset) throw new Error('a pack adopts its first file only');
      await rename(file, path);
      offset = (await stat(path)).size;
      return 0;
    },
    async appendFile(file) {
      const start = offset;
      for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) await write(c as Buffer);
      return start;
    },
    addLoose(name, role, base, size) {
      entries.push({ name, role, offset: base, size, method: 0, length: size });
    },
    addZipMember(name, role, base, dataOffset, ref) {
      if (ref.compressionMethod !== 0 && ref.compressionMethod !== 8)
        throw new Error(`${name}: unsupported zip compression ${ref.compressionMethod}`);
      entries.push({
        name,
        role,
        offset: base + dataOffset,
        size: ref.compressedSize,
        method: ref.compressionMethod as 0 | 8,
        length: ref.uncompressedSize,
      });
    },
    async end() {
      const index = Buffer.from(JSON.stringify(entries));
      const tail = Buffer.alloc(8);
      tail.writeBigUInt64BE(BigInt(offset));
      await write(index);
      await write(tail);
      const s = stream();
      s.end();
      await once(s, 'finish');
      if (failed) throw failed;
      return entries;
    },
  };
}

export interface Pack {
  entries: PackEntry[];
  read(e: PackEntry): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openPack(path: string): Promise<Pack> {
  const fh: FileHandle = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 8) throw new Error('the stored upload is incomplete');
    const tail = Buffer.alloc(8);
    await fh.read(tail, 0, 8, size - 8);
    const at = Number(tail.readBigUInt64BE());
    if (at > size - 8) throw new Error('the stored upload is incomplete');
    const index = Buffer.alloc(size - 8 - at);
    await fh.read(index, 0, index.length, at);
    const entries = JSON.parse(index.toString('utf8')) as PackEntry[];
    // Members are read in pack order by a few lanes at once: one read of WINDOW bytes serves the small
    // ones around it (a 5,000-image import made 5,000 threadpool reads); the last two windows are kept.
    const windows: { start: number; bytes: Promise<Buffer> }[] = [];
    const readRange = async (buf: Buffer, position: number, name: string) => {
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await fh.read(buf, got, buf.length - got, position + got);
        if (!bytesRead) throw new Error(`the stored upload ends inside ${name}`);
        got += bytesRead;
      }
      return buf;
    };
    const raw = async (e: PackEntry): Promise<Buffer> => {
      if (e.size > WINDOW / 4) return readRange(Buffer.alloc(e.size), e.offset, e.name);
      for (const w of windows)
        if (e.offset >= w.start && e.offset + e.size <= w.start + WINDOW) {
          const bytes = await w.bytes;
          if (e.offset + e.size <= w.start + bytes.length)
            return Buffer.from(bytes.subarray(e.offset - w.start, e.offset - w.start + e.size));
        }
      const length = Math.min(WINDOW, at - e.offset);
      const w = { start: e.offset, bytes: readRange(Buffer.allocUnsafe(length), e.offset, e.name) };
      windows.unshift(w);
      windows.length = Math.min(windows.length, 2);
      const bytes = await w.bytes;
      return Buffer.from(bytes.subarray(0, e.size));
    };
    return {
      entries,
      async read(e) {
        if (e.offset + e.size > at) throw new Error(`the stored upload ends inside ${e.name}`);
        const buf = await raw(e);
        if (e.method === 0) return buf;
        // The request checked the sizes (zip bomb defences); the output may not exceed them here either.
        const out = await inflate(buf, { maxOutputLength: Math.max(1, e.length) });
        if (out.length !== e.length) throw new Error(`${e.name}: the zip member is damaged`);
        return out;
      },
      close: () => fh.close(),
    };
  } catch (err) {
    await fh.close();
    throw err;
  }
}
