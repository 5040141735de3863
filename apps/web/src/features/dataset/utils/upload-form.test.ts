import { describe, expect, it } from 'vitest';
import { formatBytes, isZipFile, uploadFormErrors, type UploadFormValues } from './upload-form';

const t = (k: string) => k;
const msg = (code: string) => code;
const file = (name: string, type = 'image/png') => new File([new Uint8Array(4)], name, { type });
const base: UploadFormValues = {
  target: 'new',
  name: 'set_1',
  type: 'cf',
  purpose: 'preprocessing',
  datasetId: '',
  folder: '',
  files: [file('a.png')],
};

describe('upload form checks', () => {
  it('accepts a complete new-dataset upload', () => {
    expect(uploadFormErrors(base, [], msg, t)).toEqual({});
  });

  it('requires name, type and file for a new dataset', () => {
    const e = uploadFormErrors({ ...base, name: ' ', type: '', files: [] }, [], msg, t);
    expect(e.name).toBe('DATASET_NAME_REQUIRED');
    expect(e.type).toBe('DATASET_TYPE_REQUIRED');
    expect(e.files).toBe('FILE_REQUIRED');
  });

  it('applies the name rules', () => {
    expect(uploadFormErrors({ ...base, name: '불량 이미지' }, [], msg, t).name).toBe('DATASET_NAME_INVALID');
  });

  it('requires a dataset when uploading into an existing one', () => {
    expect(uploadFormErrors({ ...base, target: 'existing', name: '' }, [], msg, t).datasetId).toBe(
      'validation.datasetRequired',
    );
  });

  it('refuses a folder name that duplicates an existing folder of the chosen dataset', () => {
    const v = { ...base, target: 'existing' as const, datasetId: '3', folder: 'Good' };
    expect(uploadFormErrors(v, ['good'], msg, t).folder).toBe('FOLDER_NAME_INVALID');
    expect(uploadFormErrors(v, ['bad'], msg, t).folder).toBeUndefined();
  });

  it('checks the folder name for zips too (it takes the files at the zip root)', () => {
    const zip = file('set.zip', 'application/zip');
    expect(uploadFormErrors({ ...base, folder: 'bad name', files: [zip] }, [], msg, t).folder).toBe(
      'FOLDER_NAME_INVALID',
    );
    expect(uploadFormErrors({ ...base, folder: '', files: [zip, file('a.png')] }, [], msg, t)).toEqual({});
  });

  it('recognises zips and formats sizes', () => {
    expect(isZipFile({ name: 'A.ZIP', type: '' })).toBe(true);
    expect(isZipFile({ name: 'a.png', type: 'image/png' })).toBe(false);
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
