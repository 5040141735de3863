// processing.run: fills a work's result dataset from its sources (new labeling, merge, copy, class
// merge, class remove). Sources are only read: images are copied under new ids (originals, thumbnails
// and masks), so a job killed mid-way leaves them untouched; a retried job empties the result first.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { ProcessingErrorCode as C } from '@sightline/domain';
import { datasetClasses, datasetFolders, datasetImages, imageObjects } from '@sightline/db';
import type { Db } from '@sightline/db';
import { assertKey, imageKeys, type Storage } from '@sightline/storage';
import { decideImage, planClasses, type WorkOptions } from './plan';
import { ProcessingRows } from './rows';

export interface ProcessingRunDeps {
  db: Db;
  storage: Storage;
  workId: number;
  progress: (pct: number, message?: string) => Promise<void>;
  signal?: AbortSignal;
  /** Images per page (and per insert transaction). */
  batch?: number;
}

export interface ProcessingRunResult extends Record<string, unknown> {
  images: number;
  skipped: number;
  overwritten: number;
  classes: number;
}

export class ProcessingRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type ImageInsert = typeof datasetImages.$inferInsert;
type ObjectInsert = typeof imageObjects.$inferInsert;

const COPY_CONCURRENCY = 8;

export async function runProcessingWork(deps: ProcessingRunDeps): Promise<ProcessingRunResult> {
  const rows = new ProcessingRows(deps.db);
  const work = await rows.work(deps.workId);
  if (!work || !work.resultDatasetId)
    throw new ProcessingRunError(C.WorkNotFound, `Work ${deps.workId} has no result`);
  const resultId = work.resultDatasetId;
  const failCode =
    work.kind === 'merge' ? C.MergeFailed : work.kind === 'copy' ? C.CopyFailed : C.ImageCopyFailed;
  await rows.setStatus(work.id, { status: 'progressing', progress: 0, errorCode: null, message: '' });
  try {
    const result = await fill(deps, rows, work, resultId);
    await rows.setStatus(work.id, { status: 'done', progress: 100, result });
    return result;
  } catch (err) {
    const code = err instanceof ProcessingRunError ? err.code : failCode;
    const message = err instanceof Error ? err.message : String(err);
    await rows
      .setStatus(work.id, { status: 'error', errorCode: code, message: message.slice(0, 500) })
      .catch(() => undefined);
    throw err;
  }
}

async function fill(
  deps: ProcessingRunDeps,
  rows: ProcessingRows,
  work: NonNullable<Awaited<ReturnType<ProcessingRows['work']>>>,
  resultId: number,
): Promise<ProcessingRunResult> {
  const { storage, signal } = deps;
  const batch = deps.batch ?? 50;
  const stale = await rows.resetResult(resultId);
  await storage.deleteMany(stale.flatMap((id) => Object.values(imageKeys(id)))).catch(() => undefined);

  // Classes of the result, and where each source class goes.
  const sources = work.sources.filter((s) => s.datasetId !== null);
  const srcClasses = await Promise.all(sources.map((s) => rows.classes(s.datasetId!)));
  const o = work.options as { classIds?: number[]; resultName?: string; isOk?: boolean };
  const opts: WorkOptions =
    work.kind === 'class_merge'
      ? { kind: 'class_merge', classIds: o.classIds ?? [], resultName: o.resultName ?? '', isOk: o.isOk }
      : work.kind === 'class_remove'
        ? { kind: 'class_remove', classIds: o.classIds ?? [] }
        : { kind: 'new' };
  const plan = planClasses(srcClasses, opts);
  const classIds: number[] = [];
  if (plan.classes.length) {
    const inserted = await deps.db
      .insert(datasetClasses)
      .values(plan.classes.map((c) => ({ ...c, datasetId: resultId })))
      .returning({ id: datasetClasses.id });
    classIds.push(...inserted.map((r) => r.id));
  }
  const mapClass = (id: number | null): number | null | undefined => {
    if (id === null) return null;
    const idx = plan.target.get(id);
    return idx === undefined ? null : idx === null ? undefined : classIds[idx]!;
  };

  // Result folders by name (the sources' folder names, same names shared).
  const folderIds = new Map<string, number>();
  const folderFor = async (name: string) => {
    const key = name.toLowerCase();
    let id = folderIds.get(key);
    if (id === undefined) {
      const [f] = await deps.db
        .insert(datasetFolders)
        .values({ datasetId: resultId, name })
        .returning({ id: datasetFolders.id });
      id = f!.id;
      folderIds.set(key, id);
    }
    return id;
  };

  let total = 0;
  for (const s of sources) total += await rows.countImages(s.datasetId!, s.folderIds ?? null);
  const bySha = new Map<string, string>();
  const byName = new Map<string, string>();
  const shaOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  let done = 0,
    skipped = 0,
    overwritten = 0;
  await deps.progress(0, `0/${total}`);

  for (const source of sources) {
    const srcFolders = new Map((await rows.folders(source.datasetId!)).map((f) => [f.id, f.name]));
    const resolution = work.kind === 'copy' ? (source.resolution ?? 'skip') : null;
    let after: string | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const page = await rows.imagePage(source.datasetId!, source.folderIds ?? null, after, batch);
      if (!page.images.length) break;
      after = page.images[page.images.length - 1]!.id;
      const pending = new Map<string, { image: ImageInsert; objects: ObjectInsert[] }>();
      const remove: string[] = [];
      const copies: [string, string][] = [];
      for (const img of page.images) {
        done++;
        const decision = decideImage(img, bySha, byName, resolution);
        if (decision.action === 'skip') {
          skipped++;
          continue;
        }
        if (decision.action === 'overwrite') {
          overwritten++;
          for (const old of decision.replaces) {
            if (!pending.delete(old)) remove.push(old);
            bySha.delete(shaOf.get(old)!);
            byName.delete(nameOf.get(old)!);
          }
        }
        const id = randomUUID();
        const from = imageKeys(img.id),
          to = imageKeys(id);
        copies.push([from.original, to.original], [from.thumb, to.thumb]);
        const objects: ObjectInsert[] = [];
        let maskNo = 0;
        for (const obj of page.objects.filter((x) => x.imageId === img.id)) {
          const classId = mapClass(obj.classId);
          if (classId === undefined) continue; // a removed class: its boxes go with it
          let geometry = obj.geometry as Record<string, unknown>;
          if (obj.kind === 'mask' && typeof geometry.key === 'string') {
            const key = assertKey(`images/${id}/mask-${maskNo++}.png`);
            copies.push([geometry.key, key]);
            geometry = { ...geometry, key };
          }
          objects.push({ imageId: id, classId, kind: obj.kind, geometry });
        }
        const imageClass = mapClass(img.classId);
        pending.set(id, {
          image: {
            id,
            datasetId: resultId,
            folderId: await folderFor(srcFolders.get(img.folderId) ?? 'default'),
            classId: imageClass ?? null,
            fileName: img.fileName,
            originalName: img.originalName,
            sha256: img.sha256,
            width: img.width,
            height: img.height,
            channels: img.channels,
            format: img.format,
            sizeBytes: img.sizeBytes,
            edited: img.edited,
            confirmed: img.confirmed,
            augmented: img.augmented,
            classScore: img.classScore,
          },
          objects,
        });
        bySha.set(img.sha256, id);
        byName.set(img.fileName.toLowerCase(), id);
        shaOf.set(id, img.sha256);
        nameOf.set(id, img.fileName.toLowerCase());
      }
      // Objects first, rows after: a crash in between leaves unreferenced objects (storage.gc), never broken rows.
      await copyAll(storage, copies, signal);
      await deps.db.transaction(async (tx) => {
        if (remove.length) await tx.delete(datasetImages).where(inArray(datasetImages.id, remove));
        const list = [...pending.values()];
        if (list.length) await tx.insert(datasetImages).values(list.map((p) => p.image));
        const objs = list.flatMap((p) => p.objects);
        for (let i = 0; i < objs.length; i += 1000)
          await tx.insert(imageObjects).values(objs.slice(i, i + 1000));
      });
      if (remove.length)
        await storage.deleteMany(remove.flatMap((id) => Object.values(imageKeys(id)))).catch(() => undefined);
      await deps.progress(total ? (done / total) * 100 : 100, `${done}/${total}`);
    }
  }
  await rows.touchDataset(resultId);
  return { images: bySha.size, skipped, overwritten, classes: plan.classes.length };
}

/** Copies storage objects a few at a time inside the storage (hard links on disk, server-side copies on
 * S3); a missing original is an image data copy error, a missing thumbnail is not. */
async function copyAll(storage: Storage, pairs: [string, string][], signal?: AbortSignal) {
  const queue = [...pairs];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      signal?.throwIfAborted();
      const [from, to] = p;
      if (await storage.copy(from, to)) continue;
      if (from.endsWith('/thumb.webp')) continue;
      throw new ProcessingRunError(C.ImageCopyFailed, `Stored object ${from} is missing`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, queue.length) }, worker));
}
