// Spools the file parts of a multipart upload to a temp folder (never into memory), collecting the
// text fields. The per-request byte cap is enforced across all parts together.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DatasetErrorCode as E } from '@sightline/domain';
import { AppError } from '../../../common/app-error';
import type { SpooledFile } from './ingest.service';
import { formatBytes } from './upload-limits';

export interface Spooled {
  fields: Record<string, string>;
  files: SpooledFile[];
}

export interface SpoolHooks {
  onBytes?: (total: number) => void;
  /** Runs once, before the first file is written, with the fields sent so far (may throw to refuse early). */
  beforeFirstFile?: (fields: Record<string, string>) => Promise<void>;
}

export async function spoolMultipart(
  req: FastifyRequest,
  dir: string,
  maxBytes: number,
  hooks: SpoolHooks = {},
): Promise<Spooled> {
  const { onBytes, beforeFirstFile } = hooks;
  let checked = false;
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: SpooledFile[] = [];
  let total = 0;
  const tooLarge = () => new AppError(E.UploadTooLarge, 413, { max: formatBytes(maxBytes) });
  const parts = req.parts({ limits: { fileSize: maxBytes, files: 20_000, fields: 50, fieldSize: 10_000 } });
  for await (const part of parts) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== 'file' || !part.filename) {
      part.file.resume();
      continue;
    }
    if (!checked) {
      checked = true;
      await beforeFirstFile?.(fields);
    }
    const path = join(dir, String(files.length));
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        total += chunk.length;
        onBytes?.(total);
        cb(total > maxBytes ? tooLarge() : null, chunk);
      },
    });
    await pipeline(part.file, counter, createWriteStream(path));
    if (part.file.truncated) throw tooLarge();
    files.push({ path, originalName: part.filename, size });
  }
  return { fields, files };
}
