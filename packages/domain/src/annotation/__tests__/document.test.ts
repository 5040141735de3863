import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_VERSION,
  AnnotationVersionError,
  documentFromRows,
  documentToRows,
  migrateAnnotationDocument,
  type AnnotationDocument,
} from '..';

const doc: AnnotationDocument = {
  version: ANNOTATION_VERSION,
  label: 3,
  objects: [
    { id: 'a', classId: 1, erasable: true, type: 'rectangle', x1: 1, y1: 2, x2: 30, y2: 40 },
    {
      id: 'b',
      classId: 2,
      erasable: false,
      type: 'polygon',
      points: [
        [0, 0],
        [5, 0],
        [5, 5],
      ],
    },
    {
      id: 'c',
      classId: 2,
      erasable: true,
      type: 'path',
      width: 3,
      points: [
        [1, 1],
        [2, 2],
      ],
    },
    { id: 'd', classId: null, erasable: true, type: 'eraser', width: 5, points: [[1, 1]] },
    {
      id: 'e',
      classId: 1,
      erasable: true,
      type: 'sam',
      clicks: [{ x: 3, y: 3, clickType: 1 }],
      points: [
        [0, 0],
        [4, 0],
        [4, 4],
      ],
    },
  ],
  regions: [{ id: 'r1', x1: 0, y1: 0, x2: 100, y2: 100 }],
};

describe('annotation document', () => {
  it('round-trips through its storage rows (a rectangle is a box row)', () => {
    const rows = documentToRows(doc);
    expect(rows.map((r) => r.kind)).toEqual(['box', 'polygon', 'path', 'eraser', 'sam', 'region']);
    expect(rows[0]!.geometry).toMatchObject({ x1: 1, y1: 2, x2: 30, y2: 40, oid: 'a' });
    const back = documentFromRows(
      3,
      rows.map((r, i) => ({ ...r, id: i + 1 })),
    );
    expect(back).toEqual(doc);
  });

  it('reads rows written by the zip import (no object id, box and mask kinds)', () => {
    const sha = 'a'.repeat(64);
    const d = documentFromRows(null, [
      { id: 7, kind: 'box', classId: 4, geometry: { x1: 0, y1: 0, x2: 9, y2: 9 } },
      {
        id: 8,
        kind: 'mask',
        classId: 5,
        geometry: { key: 'images/x/mask-0.png', sha256: sha, width: 4, height: 4 },
      },
      { id: 9, kind: 'weird', classId: 5, geometry: {} },
    ]);
    expect(d.objects.map((o) => [o.id, o.type])).toEqual([
      ['r7', 'rectangle'],
      ['r8', 'mask'],
    ]);
  });

  it('migrates version 1 (and unversioned) JSON to the current version', () => {
    const v1 = { classId: 2, boxes: [{ classId: 1, x1: 0, y1: 0, x2: 5, y2: 5 }] };
    const m = migrateAnnotationDocument(v1);
    expect(m.version).toBe(ANNOTATION_VERSION);
    expect(m.label).toBe(2);
    expect(m.objects[0]).toMatchObject({ type: 'rectangle', classId: 1, x2: 5 });
    expect(migrateAnnotationDocument({ ...v1, version: 1 })).toEqual(m);
    expect(migrateAnnotationDocument(doc)).toEqual(doc);
  });

  it('refuses future versions, bad shapes and more than 10 target regions', () => {
    expect(() => migrateAnnotationDocument({ ...doc, version: 99 })).toThrow(AnnotationVersionError);
    expect(() => migrateAnnotationDocument('x')).toThrow(AnnotationVersionError);
    expect(() =>
      migrateAnnotationDocument({
        ...doc,
        objects: [{ id: 'p', classId: 1, type: 'polygon', points: [[0, 0]] }],
      }),
    ).toThrow();
    const regions = Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, x1: 0, y1: 0, x2: 1, y2: 1 }));
    expect(() => migrateAnnotationDocument({ ...doc, regions })).toThrow();
  });
});
