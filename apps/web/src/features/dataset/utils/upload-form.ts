// Values and checks of the dataset upload dialog (SPEC §5 "Dataset upload", "Names and folders").
import { DatasetErrorCode, datasetNameError, folderNameError } from '@sightline/domain';

export interface UploadFormValues {
  target: 'new' | 'existing';
  name: string;
  type: string;
  purpose: string;
  datasetId: string;
  folder: string;
  files: File[];
}

type Translate = (key: string) => string;
type CodeMessage = (code: string, params?: Record<string, string | number>) => string;

export const isZipFile = (f: Pick<File, 'name' | 'type'>): boolean =>
  /\.zip$/i.test(f.name) || f.type === 'application/zip' || f.type === 'application/x-zip-compressed';

/**
 * Field errors of the form. `existingFolders` are the folders of the chosen existing dataset, so a
 * loose-file upload cannot silently land in (or collide with) a folder that already exists.
 */
export function uploadFormErrors(
  v: UploadFormValues,
  existingFolders: readonly string[],
  message: CodeMessage,
  t: Translate,
): Partial<Record<keyof UploadFormValues, string>> {
  const errors: Partial<Record<keyof UploadFormValues, string>> = {};
  if (v.target === 'new') {
    const nameErr = datasetNameError(v.name);
    if (nameErr) errors.name = message(nameErr);
    if (!v.type) errors.type = message(DatasetErrorCode.DatasetTypeRequired);
  } else if (!v.datasetId) {
    errors.datasetId = t('validation.datasetRequired');
  }
  if (v.files.length === 0) errors.files = message(DatasetErrorCode.FileRequired);
  // The folder takes loose images and files at a zip's root; it must be new in an existing dataset.
  if (v.folder.trim() !== '') {
    const folderErr = folderNameError(v.folder, v.target === 'existing' ? existingFolders : []);
    if (folderErr) errors.folder = message(folderErr, { name: v.folder.trim() });
  }
  return errors;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
