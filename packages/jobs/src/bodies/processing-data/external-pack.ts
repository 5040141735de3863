// The stored form of an external labeling upload between the request and its processing.data job: the
// uploaded files (zips and loose files) end to end in one object, then a JSON index of the members the
// request checked (images, bbox files, the class file) with where their bytes are, then the index's offset
// (8 bytes). A zip member points at its data inside the zip (stored, or deflated with its sizes), so the
// request never unpacks or re-reads a member and the job reads each one with one positional read.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

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

/** What a zip member needs to be found in its zip: yauzl's entry fields. */
export interface ZipMemberRef {
  relativeOffsetOfLocalHeader: number;
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
}

export interface PackWriter {
  /** Appends a whole file; answers its offset in the pack. */
  appendFile(path: string): Promise<number>;
  /** A loose file appended at `base`. */
  addLoose(name: string, role: PackRole, base: number, size: number): void;
  /** A member of the zip appended at `base` (the zip file is still at `zipPath`). */
  addZipMember(name: string, role: PackRole, base: number, zipPath: string, ref: ZipMemberRef): Promise<void>;
  /** Writes the index and closes the file; answers the entries. */
  end(): Promise<PackEntry[]>;
}

export function writePack(path: string): PackWriter {
  const out = createWriteStream(path);
  const entries: PackEntry[] = [];
  const zips = new Map<string, FileHandle>();
  const header = Buffer.alloc(30);
  let offset = 0;
  let failed: Error | null = null;
  out.on('error', (err) => (failed = err));
  const write = async (chunk: Buffer) => {
    if (failed) throw failed;
    offset += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  return {
    async appendFile(file) {
      const start = offset;
      for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) await write(c as Buffer);
      return start;
    },
    addLoose(name, role, base, size) {
      entries.push({ name, role, offset: base, size, method: 0, length: size });
    },
    async addZipMember(name, role, base, zipPath, ref) {
      if (ref.compressionMethod !== 0 && ref.compressionMethod !== 8)
        throw new Error(`${name}: unsupported zip compression ${ref.compressionMethod}`);
      let fh = zips.get(zipPath);
      if (!fh) {
        fh = await open(zipPath, 'r');
        zips.set(zipPath, fh);
      }
      // The local header's name and extra field lengths can differ from the central directory's.
      const { bytesRead } = await fh.read(header, 0, 30, ref.relativeOffsetOfLocalHeader);
      if (bytesRead !== 30 || header.readUInt32LE(0) !== 0x04034b50)
        throw new Error(`${name}: bad zip local header`);
      const data = ref.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      entries.push({
        name,
        role,
        offset: base + data,
        size: ref.compressedSize,
        method: ref.compressionMethod as 0 | 8,
        length: ref.uncompressedSize,
      });
    },
    async end() {
      for (const fh of zips.values()) await fh.close();
      zips.clear();
      const index = Buffer.from(JSON.stringify(entries));
      const tail = Buffer.alloc(8);
      tail.writeBigUInt64BE(BigInt(offset));
      await write(index);
      await write(tail);
      out.end();
      await once(out, 'finish');
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
    return {
      entries,
      async read(e) {
        if (e.offset + e.size > at) throw new Error(`the stored upload ends inside ${e.name}`);
        const buf = Buffer.alloc(e.size);
        let got = 0;
        while (got < e.size) {
          const { bytesRead } = await fh.read(buf, got, e.size - got, e.offset + got);
          if (!bytesRead) throw new Error(`the stored upload ends inside ${e.name}`);
          got += bytesRead;
        }
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
