// External labeling upload checks (SPEC §5) and export formats per dataset type.
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../errors/messages';
import { LabelErrorCode as C } from '../codes';
import { cocoNamesIssue, exportFormatError, exportFormatsFor, externalFilesIssue } from '../rules';

const ok = { images: ['a.png', 'dir/b.jpg'], labels: ['a.txt', 'b.txt'], classFile: 'classes.txt' };

describe('external labeling upload checks', () => {
  it('accepts matching, unique labels of the chosen type', () => {
    expect(externalFilesIssue({ labelType: 'yolo', ...ok })).toBeNull();
    expect(externalFilesIssue({ labelType: 'voc', ...ok, labels: ['a.xml'], classFile: null })).toBeNull();
    expect(externalFilesIssue({ labelType: 'coco', ...ok, labels: ['instances.json'] })).toBeNull();
  });

  it.each([
    [{ labelType: null, ...ok }, C.LabelTypeRequired, undefined],
    [{ labelType: 'yolo', ...ok, images: [] }, C.ExternalImagesRequired, undefined],
    [{ labelType: 'yolo', ...ok, images: ['a.png', 'c.bmp'] }, C.ExternalImageExtension, 'c.bmp'],
    [{ labelType: 'yolo', ...ok, images: ['a.jpeg'] }, C.ExternalImageExtension, 'a.jpeg'],
    [{ labelType: 'yolo', ...ok, classFile: 'classes.csv' }, C.ClassFileExtension, 'classes.csv'],
    [{ labelType: 'yolo', ...ok, classFile: null }, C.ClassFileRequired, undefined],
    [{ labelType: 'voc', ...ok }, C.BboxExtensionMismatch, 'a.txt'],
    [{ labelType: 'yolo', ...ok, labels: ['a.txt', 'x/A.txt'] }, C.BboxNameDuplicate, 'x/A.txt'],
    [{ labelType: 'yolo', ...ok, labels: ['a.txt', 'z.txt'] }, C.BboxNameMismatch, 'z.txt'],
    [{ labelType: 'coco', ...ok, labels: ['a.json', 'b.json'] }, C.BboxNameDuplicate, 'b.json'],
  ] as const)('%# refuses with %s', (files, code, file) => {
    const issue = externalFilesIssue(files as Parameters<typeof externalFilesIssue>[0]);
    expect(issue?.code).toBe(code);
    if (file) expect(issue?.params?.file).toBe(file);
    expect(ERROR_MESSAGES[code]?.en).toBeTruthy();
    expect(ERROR_MESSAGES[code]?.ko).toBeTruthy();
  });

  it('checks the image names a COCO json gives', () => {
    expect(cocoNamesIssue('c.json', ['a.png', 'sub/b.jpg'], ['a.png', 'b.jpg'])).toBeNull();
    expect(cocoNamesIssue('c.json', ['a.png', 'q.png'], ['a.png'])).toEqual({
      code: C.BboxNameMismatch,
      params: { file: 'c.json: q.png' },
    });
    expect(cocoNamesIssue('c.json', ['a.png', 'x/a.png'], ['a.png'])?.code).toBe(C.BboxNameDuplicate);
  });
});

describe('export formats', () => {
  it('od exports as YOLO, VOC or COCO; sg as masks; cf has no label format', () => {
    expect(exportFormatsFor('od')).toEqual(['yolo', 'voc', 'coco']);
    expect(exportFormatsFor('sg')).toEqual(['masks']);
    expect(exportFormatsFor('cf')).toEqual([]);
    expect(exportFormatError('od', 'coco')).toBeNull();
    expect(exportFormatError('cf', undefined)).toBeNull();
    expect(exportFormatError('sg', 'yolo')).toBe(C.ExportFormatInvalid);
  });
});
