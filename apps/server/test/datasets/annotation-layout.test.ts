// Which zips carry labels and where their label root is (pure path rules of ingest/annotations/layout.ts).
import { describe, expect, it } from 'vitest';
import {
  adEntryRole,
  annotationRoot,
  cleanClassName,
} from '../../src/features/dataset/ingest/annotations/layout';

describe('annotation layout', () => {
  it('od: label files make a zip annotated; one wrapping folder is the root unless it is images/', () => {
    expect(annotationRoot('od', ['a.png', 'cam1/b.png'])).toBeNull();
    expect(annotationRoot('od', ['images/a.png', 'labels/a.txt', 'classes.txt'])).toBe('');
    expect(
      annotationRoot('od', [
        'set/images/a.png',
        'set/labels/a.txt',
        'set/classes.txt',
        '__MACOSX/set/._a.png',
      ]),
    ).toBe('set/');
    expect(annotationRoot('od', ['images/a.png', 'images/a.xml'])).toBe('');
    expect(annotationRoot('od', ['x/a.png', 'x/coco.json'])).toBe('x/');
    expect(annotationRoot('cf', ['ok/a.png', 'ok/a.txt'])).toBeNull();
  });

  it('sg: a masks/ folder at the root or inside one wrapping folder', () => {
    expect(annotationRoot('sg', ['images/a.png'])).toBeNull();
    expect(annotationRoot('sg', ['images/a.png', 'masks/crack/a.png'])).toBe('');
    expect(annotationRoot('sg', ['d/images/a.png', 'd/masks/crack/a.png'])).toBe('d/');
  });

  it('ad: MVTec folders (also wrapped), else class folders from the root; roles of entries', () => {
    expect(annotationRoot('ad', ['bottle/train/good/a.png', 'bottle/test/crack/b.png'])).toBe('bottle/');
    expect(annotationRoot('ad', ['train/good/a.png'])).toBe('');
    expect(annotationRoot('ad', ['good/a.png', 'dent/b.png'])).toBe('');
    expect(annotationRoot('ad', ['line1/good/a.png'])).toBe('');
    expect(adEntryRole('ground_truth/crack/000_mask.png')).toBe('mask');
    expect(adEntryRole('license.txt')).toBe('note');
    expect(adEntryRole('test/crack/000.png')).toBe('image');
    expect(adEntryRole('test/crack/notes.txt')).toBe('other');
  });

  it('class names from label files follow the class name rules', () => {
    expect(cleanClassName(' traffic light ')).toBe('traffic_light');
    expect(cleanClassName('dent-2')).toBe('dent-2');
    expect(cleanClassName('결함')).toBe('');
  });
});
