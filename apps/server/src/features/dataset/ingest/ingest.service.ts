// Ingests one upload: plan (names, folders, classes) → limits → decode, hash, thumbnail and store each
// image with bounded concurrency → one DB transaction. Every image id is journaled (UploadJournal)
// before its objects are written, and the transaction that inserts the rows commits their journal
// entries; on any failure every object this upload wrote is deleted again, so the dataset is exactly as
// it was before, and if the process dies instead, the next start-up deletes them (recoverUploads).
import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  DatasetErrorCode as E,
  CLASS_MAX,
  TRIAL_UPLOAD_MAX_IMAGES,
  classColorAt,
  datasetNameError,
  type DatasetPurpose,
  type DatasetType,
  type UploadProgress,
  type UploadResult,
} from '@sightline/domain';
import { AppError } from '../../../common/app-error';
import { imageKeys, type Storage } from '@sightline/storage';
import type { IngestJournalRepository, NewDatasetImageRow } from '@sightline/db';
import type { DatasetRepository } from '../dataset.repository';
import { openUploadedZip, type OpenedZip, type ZipEntryRef } from './zip-reader';
import { planUpload, type PlanSource, type PlannedImage } from './upload-plan';
import { processImage, sha256 } from './image-processor';
import { formatBytes, type UploadLimits } from './upload-limits';
import { UploadAnnotations } from './annotations/upload-annotations';
import { UploadJournal } from './upload-journal';

export interface SpooledFile {
  path: string;
  originalName: string;
  size: number;
}

export interface IngestRequest {
  userId: number;
  trial: boolean;
  projectId: number;
  datasetId?: number;
  name?: string;
  type?: DatasetType;
  purpose: DatasetPurpose;
  folder?: string;
  files: SpooledFile[];
  onProgress?: (p: Partial<UploadProgress>) => void;
}

type Ref = { kind: 'loose'; file: SpooledFile } | { kind: 'zip'; zip: OpenedZip; entry: ZipEntryRef };

const isZip = (f: SpooledFile) => /\.zip$/i.test(f.originalName);

export class IngestService {
  constructor(
    private readonly repo: DatasetRepository,
    private readonly storage: Storage,
    private readonly limits: UploadLimits,
    private readonly journalRepo: IngestJournalRepository,
  ) {}

  async ingest(req: IngestRequest): Promise<UploadResult> {
    const progress = req.onProgress ?? (() => undefined);
    progress({ phase: 'checking' });
    const target = await this.resolveTarget(req);
    if (!req.files.length) throw new AppError(E.FileRequired, 400, {}, 'file');

    const zips: OpenedZip[] = [];
    const written: string[] = [];
    const annotations = new UploadAnnotations(target.type);
    let journal: UploadJournal | null = null;
    let saving = false;
    try {
      const sources: PlanSource<Ref>[] = [];
      for (const f of req.files) {
        if (isZip(f)) {
          const zip = await openUploadedZip(f.path, f.originalName, f.size, this.limits);
          zips.push(zip);
          const zipSources = zip.entries.map((entry) => ({
            relPath: entry.path,
            zipName: f.originalName,
            ref: { kind: 'zip' as const, zip, entry },
          }));
          sources.push(...(await annotations.take(zipSources, zip, f.originalName, dirname(f.path))));
        } else {
          if (f.size > this.limits.maxImageBytes) {
            throw new AppError(E.FileTooLarge, 400, {
              file: f.originalName,
              max: formatBytes(this.limits.maxImageBytes),
            });
          }
          sources.push({
            relPath: f.originalName.split(/[\\/]/).pop()!,
            zipName: null,
            ref: { kind: 'loose', file: f },
          });
        }
      }

      const existingFolders = target.id ? (await this.repo.folders(target.id)).map((f) => f.name) : [];
      const existingClassRows = target.id ? await this.repo.classes(target.id) : [];
      const plan = planUpload(sources, {
        type: target.type,
        folder: req.folder,
        existingFolders,
        existingClasses: existingClassRows.map((c) => c.c.name),
      });
      if (!plan.images.length) throw new AppError(E.NoImages, 400);
      if (target.type !== 'cf' && target.type !== 'ad' && plan.newClasses.length)
        throw new AppError(E.ClassesOnlyForCf, 400);
      plan.newClasses.push(
        ...annotations.newClasses([...existingClassRows.map((c) => c.c.name), ...plan.newClasses]),
      );
      if (existingClassRows.length + plan.newClasses.length > CLASS_MAX)
        throw new AppError(E.ClassLimit, 400);
      await this.checkLimits(req, plan.images.length);

      // Decode, hash, thumbnail and store, a few at a time; zip entries are read in order.
      const known = target.id ? await this.repo.existingHashes(target.id) : new Map<string, string>();
      const rows: (Omit<NewDatasetImageRow, 'datasetId' | 'folderId' | 'classId'> & {
        folder: string;
        className: string | null;
      })[] = [];
      const duplicates: UploadResult['duplicates'] = [];
      journal = new UploadJournal(this.journalRepo, this.storage, plan.images.length);
      await journal.open();
      progress({ phase: 'storing', total: plan.images.length, processed: 0 });
      let processed = 0;
      const inFlight = new Set<Promise<void>>();
      let failure: unknown = null;
      for (const item of plan.images) {
        if (failure) break;
        let buf: Buffer;
        try {
          buf = await this.read(item);
        } catch (err) {
          // Let the images in flight finish first, so none is stored after the cleanup below.
          failure = err;
          break;
        }
        const p = this.storeOne(item, buf, known, duplicates, written, annotations, journal)
          .then((row) => {
            if (row) rows.push(row);
            progress({ processed: ++processed });
          })
          .catch((err) => {
            failure ??= err;
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
        if (inFlight.size >= this.limits.concurrency) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      if (failure) throw failure;

      progress({ phase: 'saving' });
      saving = true;
      const result = await this.save(req, target, plan, rows, existingClassRows.length, annotations, journal);
      // Objects of images a concurrent upload stored first are still journaled: dropped here.
      await journal.finish(written);
      progress({ phase: 'done' });
      return { ...result, duplicates, renamed: plan.renamed };
    } catch (err) {
      progress({ phase: 'failed' });
      if (journal) await journal.finish(written, { committed: saving ? 'maybe' : 'no' });
      else await this.storage.deleteMany(written).catch(() => undefined);
      throw err;
    } finally {
      journal?.stop();
      for (const z of zips) z.close();
      await annotations.close();
    }
  }

  private async resolveTarget(req: IngestRequest): Promise<{ id: number | null; type: DatasetType }> {
    if (req.datasetId) {
      const ds = await this.repo.findById(req.datasetId);
      if (!ds || ds.projectId !== req.projectId) throw new AppError(E.DatasetNotFound, 404, {}, 'dataset_id');
      return { id: ds.id, type: ds.type };
    }
    const nameErr = datasetNameError(req.name);
    if (nameErr) throw new AppError(nameErr, 400, {}, 'name');
    if (!req.type) throw new AppError(E.DatasetTypeRequired, 400, {}, 'type');
    if (await this.repo.nameTaken(req.projectId, req.name!.trim()))
      throw new AppError(E.DatasetNameExists, 409, {}, 'name');
    return { id: null, type: req.type };
  }

  private async checkLimits(req: IngestRequest, n: number) {
    if (req.trial && n > TRIAL_UPLOAD_MAX_IMAGES)
      throw new AppError(E.TrialUploadLimit, 400, { max: TRIAL_UPLOAD_MAX_IMAGES });
    const { limit, used } = await this.repo.uploadUsage(req.projectId);
    if (limit !== null && used + n > limit) {
      throw new AppError(E.UploadLimitExceeded, 400, { remaining: Math.max(0, limit - used) });
    }
  }

  private async read(item: PlannedImage<Ref>): Promise<Buffer> {
    return item.ref.kind === 'zip' ? item.ref.zip.read(item.ref.entry) : readFile(item.ref.file.path);
  }

  private async storeOne(
    item: PlannedImage<Ref>,
    buf: Buffer,
    known: Map<string, string>,
    duplicates: UploadResult['duplicates'],
    written: string[],
    annotations: UploadAnnotations,
    journal: UploadJournal,
  ) {
    const hash = sha256(buf);
    const dupOf = known.get(hash);
    if (dupOf !== undefined) {
      duplicates.push({ file_name: item.label, duplicate_of: dupOf });
      return null;
    }
    known.set(hash, item.fileName);
    const img = await processImage(buf, item.label, this.limits.maxPixels);
    const id = await journal.nextId();
    const keys = imageKeys(id);
    written.push(keys.original, keys.thumb);
    // A journaled fresh id: no row names it before the upload's transaction, and a crash's torn object is
    // removed with the journal, so the objects are written in place.
    await this.storage.put(keys.original, buf, { contentType: `image/${img.format}`, fresh: true });
    await this.storage.put(keys.thumb, img.thumb, { contentType: 'image/webp', fresh: true });
    await annotations.store(item.ref.kind === 'zip' ? item.ref.entry : null, id, img, this.storage, written);
    return {
      id,
      folder: item.folder,
      className: item.className,
      fileName: item.fileName,
      originalName: item.label.slice(0, 500),
      sha256: hash,
      width: img.width,
      height: img.height,
      channels: img.channels,
      format: img.format,
      sizeBytes: buf.length,
    };
  }

  private async save(
    req: IngestRequest,
    target: { id: number | null; type: DatasetType },
    plan: { folders: string[]; newClasses: string[] },
    rows: (Omit<NewDatasetImageRow, 'datasetId' | 'folderId' | 'classId'> & {
      folder: string;
      className: string | null;
    })[],
    classOffset: number,
    annotations: UploadAnnotations,
    journal: UploadJournal,
  ): Promise<Omit<UploadResult, 'duplicates' | 'renamed'>> {
    const { inserted, datasetId } = await this.repo
      .transaction(async (tx) => {
        const ds = target.id
          ? (await this.repo.findById(target.id, tx))!
          : await this.repo.insertDataset(tx, {
              projectId: req.projectId,
              name: req.name!.trim(),
              type: target.type,
              purpose: req.purpose,
              createdBy: req.userId,
            });
        const folders = await this.repo.insertFolders(tx, ds.id, plan.folders);
        const folderId = new Map(folders.map((f) => [f.name, f.id]));
        await this.repo.insertClasses(
          tx,
          plan.newClasses.map((name, i) => ({
            datasetId: ds.id,
            name,
            color: classColorAt(classOffset + i),
            sortOrder: classOffset + i,
            isOk: annotations.isOk(name),
          })),
        );
        const classId = new Map((await this.repo.classes(ds.id, tx)).map((c) => [c.c.name, c.c.id]));
        const inserted = await this.repo.insertImages(
          tx,
          rows.map(({ folder, className, ...r }) => ({
            ...r,
            datasetId: ds.id,
            folderId: folderId.get(folder)!,
            classId: className ? (classId.get(className) ?? null) : null,
          })),
        );
        await annotations.insertObjects(tx, inserted, classId);
        // The commit point of the objects: journaled ids whose rows exist are no longer cleanup's.
        await journal.commit(tx, inserted);
        const usage = await this.repo.addUploadUsage(tx, req.projectId, inserted.size);
        // Re-checked under the counter's row lock: two uploads racing for the last slots.
        if (usage.limit !== null && usage.used > usage.limit) {
          throw new AppError(E.UploadLimitExceeded, 400, {
            remaining: Math.max(0, usage.limit - (usage.used - inserted.size)),
          });
        }
        await this.repo.touch(tx, ds.id);
        return { inserted, datasetId: ds.id };
      })
      .catch(
        (thrown: { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }) => {
          // Drizzle wraps driver errors; the pg error (code, constraint) is the cause.
          const err = thrown.cause?.code ? thrown.cause : thrown;
          if (err.code === '23505' && err.constraint === 'datasets_project_name_uq')
            throw new AppError(E.DatasetNameExists, 409, {}, 'name');
          if (err.code === '23505' && err.constraint === 'dataset_folders_name_uq')
            throw new AppError(E.FolderNameInvalid, 400, { name: plan.folders.join(', ') });
          if (err.code === '23505' && err.constraint === 'dataset_classes_name_uq')
            throw new AppError(E.ClassDuplicate, 409);
          throw thrown;
        },
      );
    return {
      dataset_id: datasetId,
      created: !target.id,
      stored: inserted.size,
      folders: plan.folders,
      classes: plan.newClasses,
    };
  }
}
