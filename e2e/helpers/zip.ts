// Zip files for uploads (yazl) and reading the zips the server sends back (yauzl).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** One file of a zip: its path inside the zip and its content. */
export type ZipEntry = [path: string, data: Buffer | string] | { name: string; data: Buffer | string };

/** A zip of these files, in this order (deflated unless `compress: false`). */
export async function zipOf(entries: Iterable<ZipEntry>, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    const [path, data] = Array.isArray(e) ? e : [e.name, e.data];
    zip.addBuffer(Buffer.from(data), path, opts.compress === false ? { compress: false } : {});
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Writes a buffer to `<tmp>/<dir>/<file>` (for file inputs) and returns the path. */
export function writeTemp(dir: string, file: string, data: Buffer): string {
  const full = join(tmpdir(), dir);
  mkdirSync(full, { recursive: true });
  const path = join(full, file);
  writeFileSync(path, data);
  return path;
}

/** Every entry name of a zip (folders too), sorted. */
export function zipNames(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zf) => {
      if (err) return reject(err);
      const names: string[] = [];
      zf.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zf.readEntry();
      });
      zf.on('end', () => resolve(names.sort()));
      zf.readEntry();
    }),
  );
}

/** Every file entry of a zip with its content. */
export function readZip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zf) => {
      if (err || !zf) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zf.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zf.readEntry();
        zf.openReadStream(e, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(e.fileName, Buffer.concat(chunks));
            zf.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zf.on('end', () => resolve(files));
      zf.on('error', reject);
      zf.readEntry();
    });
  });
}
