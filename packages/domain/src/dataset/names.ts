// Name rules of SPEC §5 "Names and folders" for datasets, folders, classes and uploaded files.
// Every check returns an error code (from errors/codes.ts) or null, so server and web share one answer.
import { DatasetErrorCode as ErrorCode } from './codes';
import { IMAGE_EXTENSIONS } from './types';

/** Folder, file and name characters: 0-9, letters, '-' and '_' only (SPEC §5). */
export const DATASET_NAME_PATTERN = /^[0-9A-Za-z_-]+$/;
/** Class-folder names accept only English letters, hyphen and underscore (SPEC §5). */
export const CLASS_FOLDER_PATTERN = /^[A-Za-z_-]+$/;
export const NAME_MAX = 100;
/** Longest kept stem of an uploaded file name (the extension is added back). */
export const FILE_STEM_MAX = 120;

export function datasetNameError(name: string | undefined | null): string | null {
  const v = (name ?? '').trim();
  if (!v) return ErrorCode.DatasetNameRequired;
  if (v.length > NAME_MAX || !DATASET_NAME_PATTERN.test(v)) return ErrorCode.DatasetNameInvalid;
  return null;
}

/** A folder name must follow the name rules; `taken` are the other folders of the dataset. */
export function folderNameError(
  name: string | undefined | null,
  taken: Iterable<string> = [],
): string | null {
  const v = (name ?? '').trim();
  if (!v) return ErrorCode.FolderNameRequired;
  if (v.length > NAME_MAX || !DATASET_NAME_PATTERN.test(v)) return ErrorCode.FolderNameInvalid;
  for (const t of taken) if (t.toLowerCase() === v.toLowerCase()) return ErrorCode.FolderNameInvalid;
  return null;
}

export function classNameError(name: string | undefined | null): string | null {
  const v = (name ?? '').trim();
  if (!v) return ErrorCode.ClassNameRequired;
  if (v.length > NAME_MAX || !DATASET_NAME_PATTERN.test(v)) return ErrorCode.ClassNameInvalid;
  return null;
}

export function classFolderNameError(name: string): string | null {
  return name.length > NAME_MAX || !CLASS_FOLDER_PATTERN.test(name) ? ErrorCode.ClassFolderNameInvalid : null;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFileName(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * Drops non-ASCII and special characters from an uploaded file name (SPEC §5), keeping the
 * lower-cased extension. Answers null when nothing usable remains (the upload names the file).
 */
export function cleanUploadFileName(original: string): string | null {
  const base = original.split(/[\\/]/).pop() ?? '';
  const ext = fileExtension(base);
  if (!ext) return null;
  const stem = base
    .slice(0, base.length - ext.length - 1)
    .replace(/[^0-9A-Za-z_-]/g, '')
    .slice(0, FILE_STEM_MAX);
  return stem ? `${stem}.${ext}` : null;
}

/** Makes `name` unique among `taken` (lower-case set) by adding _1, _2 … before the extension. */
export function uniqueFileName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  const ext = fileExtension(name);
  const stem = name.slice(0, name.length - ext.length - 1);
  for (let i = 1; ; i++) {
    const candidate = `${stem}_${i}.${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
