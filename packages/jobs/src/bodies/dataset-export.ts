// Builds a dataset zip for a download request, streaming with yazl: each image is fetched from storage
// only when the zip reaches it, written to a temp file, then stored under downloads/{job id}.zip.
// cf datasets keep folder/class/file (Unclassified for images without a class); od/sg keep folder/file.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { DatasetFilesRepository, type Db } from '@sightline/db';
import type { ExportFormat } from '@sightline/domain';
import { downloadKey, imageKeys, type Storage } from '@sightline/storage';
import { imageEntryPath, labelEntries } from './dataset-export-labels';

export interface ExportInput {
  db: Db;
  storage: Storage;
  jobId: string;
  datasetId: number;
  folderIds?: number[];
  /** Labels in this format (od: yolo, voc, coco; sg: masks), images under folder/images/. */
  format?: ExportFormat;
  progress(pct: number, message?: string): Promise<void>;
  signal?: AbortSignal;
  tmpDir?: string;
}

export interface ExportResult {
  [key: string]: unknown;
  file_name: string;
  key: string;
  size: number;
  images: number;
}

export const UNCLASSIFIED_FOLDER = 'Unclassified';

export async function exportDatasetZip(input: ExportInput): Promise<ExportResult> {
  const { db, storage, jobId } = input;
  const repo = new DatasetFilesRepository(db);
  const ds = await repo.dataset(input.datasetId);
  if (!ds) throw new Error(`dataset ${input.datasetId} no longer exists`);
  const folders = new Map((await repo.folders(ds.id, input.folderIds)).map((f) => [f.id, f.name]));
  const classes = new Map((await repo.classes(ds.id)).map((c) => [c.id, c]));
  const images = await repo.images(ds.id, [...folders.keys()]);

  const zip = new yazl.ZipFile();
  const tmp = join(input.tmpDir ?? tmpdir(), `sightline-export-${jobId}.zip`);
  const out = createWriteStream(tmp);
  // yazl reports a failed entry on the ZipFile itself; end the file so the pipeline settles too.
  const zipFailed = new Promise<never>((_, reject) =>
    zip.on('error', (err: Error) => {
      out.destroy(err);
      reject(err);
    }),
  );
  zipFailed.catch(() => undefined);
  const written = Promise.race([pipeline(zip.outputStream, out), zipFailed]);
  let done = 0;
  const step = Math.max(1, Math.floor(images.length / 50));
  const mtime = ds.updatedAt;
  for (const img of images) {
    const folder = folders.get(img.folderId)!;
    const cls =
      ds.type === 'cf'
        ? img.classId
          ? (classes.get(img.classId)?.name ?? UNCLASSIFIED_FOLDER)
          : UNCLASSIFIED_FOLDER
        : null;
    const path = input.format
      ? imageEntryPath(folder, img.fileName)
      : cls
        ? `${folder}/${cls}/${img.fileName}`
        : `${folder}/${img.fileName}`;
    // Already-compressed images: storing is as small and much faster than deflating again.
    zip.addReadStreamLazy(path, { compress: false, mtime }, (cb) => {
      if (input.signal?.aborted) return cb(input.signal.reason ?? new Error('aborted'), undefined as never);
      storage.get(imageKeys(img.id).original).then(
        (obj) => {
          if (!obj) return cb(new Error(`missing object for image ${img.id}`), undefined as never);
          obj.stream.on('end', () => {
            done++;
            if (done % step === 0 || done === images.length)
              void input.progress((done / Math.max(1, images.length)) * 95, `${done}/${images.length}`);
          });
          cb(null, obj.stream);
        },
        (err) => cb(err, undefined as never),
      );
    });
  }
  if (ds.type === 'cf') {
    const manifest = [...classes.values()]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((c) => ({ name: c.name, color: c.color, is_ok: c.isOk, order: c.sortOrder }));
    zip.addBuffer(
      Buffer.from(JSON.stringify({ dataset: ds.name, type: ds.type, classes: manifest }, null, 2)),
      'classes.json',
      { mtime },
    );
  }
  if (input.format) {
    const sorted = [...classes.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    const entries = await labelEntries({
      db,
      storage,
      type: ds.type,
      format: input.format,
      folders,
      classes: sorted,
      images,
      signal: input.signal,
    });
    for (const e of entries) zip.addBuffer(e.data, e.path, { mtime });
  }
  zip.end();
  try {
    await written;
    input.signal?.throwIfAborted();
    const size = (await stat(tmp)).size;
    const key = downloadKey(jobId);
    await storage.put(key, { path: tmp }, { contentType: 'application/zip' });
    await input.progress(100, 'done');
    return { file_name: `${ds.name}.zip`, key, size, images: images.length };
  } finally {
    await rm(tmp, { force: true });
  }
}
