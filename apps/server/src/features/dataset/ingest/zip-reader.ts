// Reads an uploaded zip entry by entry with yauzl: the central directory is checked first (entry
// count, expanded size, ratio, unsafe paths, symlinks, encryption), so a hostile zip is refused before
// anything is stored; then entries are read one at a time, never more than one image in memory each.
import { stat } from 'node:fs/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DatasetErrorCode as E } from '@sightline/domain';
import { AppError } from '../../../common/app-error';
import { formatBytes, type UploadLimits } from './upload-limits';
import { BlockReader } from './zip-block-reader';

export interface ZipEntryRef {
  /** Path inside the zip, '/'-separated, as yauzl decoded it. */
  path: string;
  size: number;
  entry: Entry;
}

export interface OpenedZip {
  entries: ZipEntryRef[];
  read(ref: ZipEntryRef): Promise<Buffer>;
  /** Where the member's (stored or deflated) bytes start in the zip file: after its local header. */
  dataOffset(ref: ZipEntryRef): Promise<number>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const RATIO_MIN_BYTES = 1024 * 1024;

const refuse = (code: string, params: Record<string, string | number>, status = 400) =>
  new AppError(code, status, params);

async function openZip(path: string): Promise<{ zf: ZipFile; reader: BlockReader }> {
  const { size } = await stat(path);
  const reader = await BlockReader.open(path);
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (err, zf) => {
        if (!err) return resolve({ zf, reader });
        reader.close(() => undefined);
        reject(err);
      },
    ),
  );
}

/** Maps yauzl's own file-name checks ("absolute path: x", "invalid relative path: x") to our code. */
function yauzlError(err: Error, zipName: string): AppError {
  const m = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(err.message);
  if (m) return refuse(E.ZipUnsafePath, { file: `${zipName}: ${m[2]}` });
  // Sizes that contradict each other are how zip bombs hide their real size.
  if (/size mismatch|too many bytes/.test(err.message)) return refuse(E.ZipBomb, { file: zipName });
  return refuse(E.ZipInvalid, { file: zipName });
}

export async function openUploadedZip(
  path: string,
  zipName: string,
  compressedBytes: number,
  limits: UploadLimits,
): Promise<OpenedZip> {
  let zf: ZipFile;
  let reader: BlockReader;
  try {
    ({ zf, reader } = await openZip(path));
  } catch (err) {
    throw yauzlError(err as Error, zipName);
  }
  const entries: ZipEntryRef[] = [];
  try {
    if (zf.entryCount > limits.maxZipEntries) {
      throw refuse(E.ZipTooManyEntries, { file: zipName, max: limits.maxZipEntries });
    }
    let expanded = 0;
    await new Promise<void>((resolve, reject) => {
      zf.on('error', (err: Error) => reject(err instanceof AppError ? err : yauzlError(err, zipName)));
      zf.on('end', () => resolve());
      zf.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        const label = `${zipName}: ${name}`;
        try {
          // Also refuse what yauzl lets through: NUL bytes, empty segments, '.' segments.
          if (
            name.includes('\0') ||
            name.split('/').some((s, i, a) => s === '.' || (s === '' && i < a.length - 1))
          ) {
            throw refuse(E.ZipUnsafePath, { file: label });
          }
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
          if (mode === S_IFLNK) throw refuse(E.ZipSymlink, { file: label });
          if (entry.isEncrypted()) throw refuse(E.ZipInvalid, { file: label });
          if (!name.endsWith('/')) {
            expanded += entry.uncompressedSize;
            if (expanded > limits.maxExpandedBytes) throw refuse(E.ZipBomb, { file: zipName });
            const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
            if (entry.uncompressedSize > RATIO_MIN_BYTES && ratio > limits.maxRatio)
              throw refuse(E.ZipBomb, { file: label });
            entries.push({ path: name, size: entry.uncompressedSize, entry });
          }
        } catch (err) {
          reject(err);
          return;
        }
        zf.readEntry();
      });
      zf.readEntry();
    });
    if (expanded > RATIO_MIN_BYTES && expanded / Math.max(1, compressedBytes) > limits.maxRatio) {
      throw refuse(E.ZipBomb, { file: zipName });
    }
  } catch (err) {
    zf.close();
    throw err;
  }

  return {
    entries,
    close: () => zf.close(),
    async dataOffset(ref) {
      const at = ref.entry.relativeOffsetOfLocalHeader;
      const header = await reader.bytesAt(at, 30).catch(() => Buffer.alloc(0));
      // The local header's name and extra field lengths can differ from the central directory's.
      if (header.length !== 30 || header.readUInt32LE(0) !== 0x04034b50)
        throw refuse(E.ZipInvalid, { file: `${zipName}: ${ref.path}` });
      return at + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    },
    async read(ref) {
      const label = `${zipName}: ${ref.path}`;
      if (ref.size > limits.maxImageBytes)
        throw refuse(E.FileTooLarge, { file: label, max: formatBytes(limits.maxImageBytes) });
      const stream = await zf.openReadStreamPromise(ref.entry).catch(() => {
        throw refuse(E.ZipInvalid, { file: label });
      });
      const chunks: Buffer[] = [];
      let total = 0;
      try {
        for await (const chunk of stream) {
          total += (chunk as Buffer).length;
          // validateEntrySizes catches a lying header at the end; this stops a lie early.
          if (total > ref.size || total > limits.maxImageBytes) {
            stream.destroy();
            throw refuse(E.ZipBomb, { file: label });
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw refuse(/too many bytes/.test((err as Error).message) ? E.ZipBomb : E.ZipInvalid, {
          file: label,
        });
      }
      return Buffer.concat(chunks, total);
    },
  };
}
