// Test inputs for dataset uploads: generated images, zips (including hostile ones) and multipart bodies.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import yazl from 'yazl';

/** A small PNG whose pixels (and so content hash) are unique per `seed`. */
export function png(seed: number, size = 24): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3, (seed * 37) % 256);
  raw.writeUInt32BE(seed >>> 0, 0);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

export function jpeg(seed: number, size = 24): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: 10, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

export interface ZipItem {
  name: string;
  data: Buffer;
  mode?: number;
  /** Store without compression. */
  store?: boolean;
}

export function zip(items: ZipItem[]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const it of items)
    z.addBuffer(it.data, it.name, { mode: it.mode, compress: !it.store, mtime: new Date(2024, 0, 1) });
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

/** Rewrites every occurrence of an entry name (local header and central directory), same length. */
export function renameInZip(buf: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('same length only');
  const out = Buffer.from(buf);
  const a = Buffer.from(from);
  let i = out.indexOf(a);
  while (i !== -1) {
    Buffer.from(to).copy(out, i);
    i = out.indexOf(a, i + 1);
  }
  return out;
}

export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body for app.inject: text fields, then `file` parts. */
export function multipart(fields: Record<string, string | number | undefined>, files: FilePart[]) {
  const boundary = `----sightline${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function pngs(n: number, from = 0): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => png(from + i)));
}

/** Makes the central directory lie about an entry's uncompressed size (a zip-bomb trick). */
export function setDeclaredSize(buf: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(buf);
  for (let i = out.length - 46; i >= 0; i--) {
    if (out.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLen = out.readUInt16LE(i + 28);
    if (out.subarray(i + 46, i + 46 + nameLen).toString() === name) {
      out.writeUInt32LE(size, i + 24);
      return out;
    }
  }
  throw new Error(`no central directory record for ${name}`);
}
