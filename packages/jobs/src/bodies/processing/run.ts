// processing.run: fills a work's result dataset from its sources (new labeling, merge, copy, class
// merge, class remove). Sources are only read: images are copied under new ids (originals, thumbnails
// and masks), so a job killed mid-way leaves them untouched; a retried job empties the result first.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { ProcessingErrorCode as C } from '@sightline/domain';
import { datasetClasses, datasetFolders, datasetImages } from '@sightline/db';
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

const COPY_CONCURRENCY = 8;
/** The largest page of images read, copied and written at once. */
const MAX_PAGE = 1000;

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
  const classMap = { from: [] as number[], to: [] as (number | null)[], removed: [] as number[] };
  for (const [from, idx] of plan.target) {
    if (idx === null) classMap.removed.push(from);
    else {
      classMap.from.push(from);
      classMap.to.push(classIds[idx]!);
    }
  }
  const bySha = new Map<string, string>();
  const byName = new Map<string, string>();
  const shaOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  let done = 0,
    skipped = 0,
    overwritten = 0;
  await deps.progress(0, `0/${total}`);

  // Pages are pipelined: a page's stored objects are copied while the previous page's rows are written
  // (one write transaction at a time, in page order), and pages grow from `batch` to MAX_PAGE.
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let size = batch;
  try {
    for (const source of sources) {
      const srcFolders = new Map((await rows.folders(source.datasetId!)).map((f) => [f.id, f.name]));
      const resolution = work.kind === 'copy' ? (source.resolution ?? 'skip') : null;
      let after: string | null = null;
      for (;;) {
        signal?.throwIfAborted();
        if (failure) break;
        const page = await rows.imagePage(source.datasetId!, source.folderIds ?? null, after, size);
        if (!page.images.length) break;
        size = Math.min(MAX_PAGE, size * 2);
        after = page.images[page.images.length - 1]!.id;
        const pending = new Map<
          string,
          { from: string; to: string; folderId: number; classId: number | null }
        >();
        const remove: string[] = [];
        const copies: [string, string][][] = [];
        const maskKeys = new Map<string, string>();
        const masksOf = new Map<string, typeof page.masks>();
        for (const m of page.masks) masksOf.set(m.image_id, [...(masksOf.get(m.image_id) ?? []), m]);
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
          const group: [string, string][] = [
            [from.original, to.original],
            [from.thumb, to.thumb],
          ];
          copies.push(group);
          let maskNo = 0;
          for (const m of masksOf.get(img.id) ?? []) {
            if (m.class_id !== null && mapClass(m.class_id) === undefined) continue; // removed with its class
            const key = assertKey(`images/${id}/mask-${maskNo++}.png`);
            group.push([m.key, key]);
            maskKeys.set(m.id, key);
          }
          pending.set(id, {
            from: img.id,
            to: id,
            folderId: await folderFor(srcFolders.get(img.folderId) ?? 'default'),
            classId: mapClass(img.classId) ?? null,
          });
          bySha.set(img.sha256, id);
          byName.set(img.fileName.toLowerCase(), id);
          shaOf.set(id, img.sha256);
          nameOf.set(id, img.fileName.toLowerCase());
        }
        // Objects first, rows after: a crash in between leaves unreferenced objects (storage.gc), never broken rows.
        await copyAll(storage, copies, signal);
        const list = [...pending.values()];
        const reached = done;
        await writing;
        if (failure) break;
        signal?.throwIfAborted();
        writing = (async () => {
          await deps.db.transaction(async (tx) => {
            if (remove.length) await tx.delete(datasetImages).where(inArray(datasetImages.id, remove));
            await rows.insertCopies(tx, resultId, list, classMap, maskKeys);
          });
          if (remove.length)
            await storage
              .deleteMany(remove.flatMap((id) => Object.values(imageKeys(id))))
              .catch(() => undefined);
          await deps.progress(total ? (reached / total) * 100 : 100, `${reached}/${total}`);
        })().catch((err: unknown) => {
          failure ??= err;
        });
      }
    }
  } finally {
    await writing; // never rejects: a failed write is `failure`
  }
  if (failure) throw failure;
  await rows.touchDataset(resultId);
  return { images: bySha.size, skipped, overwritten, classes: plan.classes.length };
}

/** Copies stored images a few at a time inside the storage (hard links on disk, server-side copies on
 * S3), each image's objects in turn: its original first (a missing one is an image data copy error),
 * then its thumbnail (may be missing) and masks, which storage GC judges with the original. */
async function copyAll(storage: Storage, groups: [string, string][][], signal?: AbortSignal) {
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++]!;
      for (const [i, [from, to]] of group.entries()) {
        signal?.throwIfAborted();
        if (await storage.copy(from, to, { touch: i === 0 })) continue;
        if (from.endsWith('/thumb.webp')) continue;
        throw new ProcessingRunError(C.ImageCopyFailed, `Stored object ${from} is missing`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, groups.length) }, worker));
}
