// The stored form of an external labeling upload between the request and its processing.data job: the
// members the request checked (images, bbox files, the class file) end to end in one object, then a JSON
// index of them, then the index's offset (8 bytes). The request writes it once while it reads the upload;
// the job reads members by offset without unpacking anything to disk.
import { createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

export type PackRole = 'image' | 'label' | 'classes';

export interface PackEntry {
  name: string;
  role: PackRole;
  offset: number;
  size: number;
}

export interface PackWriter {
  add(name: string, role: PackRole, body: Buffer | Readable | NodeJS.ReadableStream): Promise<void>;
  /** Writes the index and closes the file; answers the entries. */
  end(): Promise<PackEntry[]>;
}

export function writePack(path: string): PackWriter {
  const out = createWriteStream(path);
  const entries: PackEntry[] = [];
  let offset = 0;
  let failed: Error | null = null;
  out.on('error', (err) => (failed = err));
  const write = async (chunk: Buffer) => {
    if (failed) throw failed;
    offset += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  return {
    async add(name, role, body) {
      const start = offset;
      if (Buffer.isBuffer(body)) await write(body);
      else for await (const c of body as AsyncIterable<Buffer | string>) await write(Buffer.from(c));
      entries.push({ name, role, offset: start, size: offset - start });
    },
    async end() {
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
        const buf = Buffer.alloc(e.size);
        let got = 0;
        while (got < e.size) {
          const { bytesRead } = await fh.read(buf, got, e.size - got, e.offset + got);
          if (!bytesRead) throw new Error(`the stored upload ends inside ${e.name}`);
          got += bytesRead;
        }
        return buf;
      },
      close: () => fh.close(),
    };
  } catch (err) {
    await fh.close();
    throw err;
  }
}
