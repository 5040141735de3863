// Turns the files of one upload into a plan: which folder, class and clean file name each image gets.
// Pure and synchronous: every naming rule is checked here, before a single byte is stored.
import {
  CLASS_MAX,
  DEFAULT_FOLDER_NAME,
  DatasetErrorCode as E,
  classFolderNameError,
  cleanUploadFileName,
  folderNameError,
  isImageFileName,
  uniqueFileName,
  type DatasetType,
} from '@sightline/domain';
import { AppError } from '../../../common/app-error';

export interface PlanSource<T> {
  /** Path inside its zip ('dir/class/a.png'), or the file name of a loose file. */
  relPath: string;
  /** Name of the zip it came from, null for a loose file. */
  zipName: string | null;
  /** Opaque handle the ingest uses to read the bytes. */
  ref: T;
}

export interface PlannedImage<T> {
  ref: T;
  folder: string;
  className: string | null;
  fileName: string;
  /** What the user called it, for messages: 'a.zip: dir/x.png' or 'x.png'. */
  label: string;
}

export interface UploadPlan<T> {
  images: PlannedImage<T>[];
  folders: string[];
  newClasses: string[];
  renamed: { original: string; file_name: string }[];
}

const JUNK = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** OS leftovers that zip tools add; skipped without a message. */
export function isJunkPath(relPath: string): boolean {
  const parts = relPath.split('/');
  const base = parts[parts.length - 1]!.toLowerCase();
  return parts.some((p) => p === '__MACOSX') || JUNK.has(base) || base.startsWith('._');
}

/** A zip's name without extension and unusable characters: the folder for its root files. */
export function zipStemFolder(zipName: string): string {
  const stem = zipName.replace(/\.zip$/i, '').replace(/[^0-9A-Za-z_-]/g, '');
  return stem || DEFAULT_FOLDER_NAME;
}

const fail = (code: string, params: Record<string, string | number>) => new AppError(code, 400, params);

export function planUpload<T>(
  sources: PlanSource<T>[],
  opts: { type: DatasetType; folder?: string; existingFolders: string[]; existingClasses: string[] },
): UploadPlan<T> {
  const images: PlannedImage<T>[] = [];
  const renamed: UploadPlan<T>['renamed'] = [];
  const namesPerFolder = new Map<string, Set<string>>();
  const folderCase = new Map<string, string>();
  const classCase = new Map(opts.existingClasses.map((c) => [c.toLowerCase(), c]));
  const newClasses: string[] = [];
  const explicitFolder = opts.folder?.trim() || undefined;

  for (const src of sources) {
    if (isJunkPath(src.relPath)) continue;
    const label = src.zipName ? `${src.zipName}: ${src.relPath}` : src.relPath;
    const parts = src.relPath.split('/');
    const base = parts.pop()!;
    const root = explicitFolder ?? (src.zipName ? zipStemFolder(src.zipName) : DEFAULT_FOLDER_NAME);
    let folder = root;
    let className: string | null = null;
    if (opts.type === 'cf' || opts.type === 'ad') {
      if (parts.length > 2) throw fail(E.FolderTooDeep, { file: label });
      if (parts.length === 2) folder = parts[0]!;
      className = parts.length ? parts[parts.length - 1]! : null;
    } else {
      if (parts.length > 1) throw fail(E.FolderTooDeep, { file: label });
      if (parts.length === 1) folder = parts[0]!;
    }

    if (!isImageFileName(base)) throw fail(E.NotAnImage, { file: label });
    const clean = cleanUploadFileName(base);
    if (!clean) throw fail(E.FileNameInvalid, { file: label });

    const folderKey = folder.toLowerCase();
    if (!folderCase.has(folderKey)) {
      const err = folderNameError(folder, opts.existingFolders);
      if (err) throw fail(err, { name: folder });
      folderCase.set(folderKey, folder);
      namesPerFolder.set(folderKey, new Set());
    }
    if (className !== null) {
      const known = classCase.get(className.toLowerCase());
      if (known) className = known;
      else {
        const err = classFolderNameError(className);
        if (err) throw fail(err, { name: className });
        classCase.set(className.toLowerCase(), className);
        newClasses.push(className);
        if (classCase.size > CLASS_MAX) throw fail(E.ClassLimit, {});
      }
    }
    const taken = namesPerFolder.get(folderKey)!;
    const fileName = uniqueFileName(clean, taken);
    taken.add(fileName.toLowerCase());
    if (fileName !== base) renamed.push({ original: label, file_name: fileName });
    images.push({ ref: src.ref, folder: folderCase.get(folderKey)!, className, fileName, label });
  }
  return { images, folders: [...folderCase.values()], newClasses, renamed };
}
