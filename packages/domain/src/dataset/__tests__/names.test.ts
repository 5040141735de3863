import { describe, expect, it } from 'vitest';
import {
  classFolderNameError,
  cleanUploadFileName,
  datasetNameError,
  folderNameError,
  isImageFileName,
  uniqueFileName,
} from '../names';

describe('dataset names', () => {
  it('requires a name of letters, digits, - and _', () => {
    expect(datasetNameError('')).toBe('DATASET_NAME_REQUIRED');
    expect(datasetNameError('  ')).toBe('DATASET_NAME_REQUIRED');
    expect(datasetNameError('bolts_2024-A')).toBeNull();
    expect(datasetNameError('bolts 2024')).toBe('DATASET_NAME_INVALID');
    expect(datasetNameError('볼트')).toBe('DATASET_NAME_INVALID');
    expect(datasetNameError('../x')).toBe('DATASET_NAME_INVALID');
  });

  it('refuses folder names that break the rules or duplicate another, case-insensitively', () => {
    expect(folderNameError('', [])).toBe('FOLDER_NAME_REQUIRED');
    expect(folderNameError('line-1', ['line-2'])).toBeNull();
    expect(folderNameError('Line-2', ['line-2'])).toBe('FOLDER_NAME_INVALID');
    expect(folderNameError('a/b', [])).toBe('FOLDER_NAME_INVALID');
  });

  it('accepts only English letters, - and _ in class-folder names', () => {
    expect(classFolderNameError('scratch_big')).toBeNull();
    expect(classFolderNameError('scratch2')).toBe('CLASS_FOLDER_NAME_INVALID');
    expect(classFolderNameError('스크래치')).toBe('CLASS_FOLDER_NAME_INVALID');
  });
});

describe('uploaded file names', () => {
  it('drops non-ASCII and special characters and lower-cases the extension', () => {
    expect(cleanUploadFileName('불량 img(1).PNG')).toBe('img1.png');
    expect(cleanUploadFileName('dir/sub/a-b_c.jpg')).toBe('a-b_c.jpg');
    expect(cleanUploadFileName('C:\\x\\y.jpeg')).toBe('y.jpeg');
  });

  it('answers null when nothing usable remains or there is no extension', () => {
    expect(cleanUploadFileName('불량.png')).toBeNull();
    expect(cleanUploadFileName('README')).toBeNull();
    expect(cleanUploadFileName('.png')).toBeNull();
  });

  it('recognises image extensions', () => {
    expect(isImageFileName('a.JPG')).toBe(true);
    expect(isImageFileName('a.txt')).toBe(false);
    expect(isImageFileName('png')).toBe(false);
  });

  it('makes colliding names unique with a numeric suffix', () => {
    const taken = new Set(['a.png', 'a_1.png']);
    expect(uniqueFileName('a.png', taken)).toBe('a_2.png');
    expect(uniqueFileName('b.png', taken)).toBe('b.png');
    expect(uniqueFileName('A.png', taken)).toBe('A_2.png');
  });
});
