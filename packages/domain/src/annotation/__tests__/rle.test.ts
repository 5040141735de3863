// The inline (rle) mask of the annotation document: run lengths round-trip, a mask with a hole keeps
// its hole through the document, its storage rows and rasterisation, and older documents still load.
import { describe, expect, it } from 'vitest';
import {
  decodeRle,
  documentFromRows,
  documentToRows,
  encodeRle,
  migrateAnnotationDocument,
  objectBox,
  rasterizeObjects,
  type AnnotationObject,
} from '..';

/** A 10 × 8 ring: a filled square 1..8 × 1..6 with a 3 × 2 hole at 4..6 × 3..4. */
function ring(): Uint8Array {
  const bits = new Uint8Array(10 * 8);
  for (let y = 1; y <= 6; y++) for (let x = 1; x <= 8; x++) bits[y * 10 + x] = 1;
  for (let y = 3; y <= 4; y++) for (let x = 4; x <= 6; x++) bits[y * 10 + x] = 0;
  return bits;
}

const rle = (bits: Uint8Array): Extract<AnnotationObject, { type: 'rle' }> => ({
  id: 'm1',
  classId: 2,
  erasable: true,
  type: 'rle',
  x: 20,
  y: 30,
  w: 10,
  h: 8,
  counts: encodeRle(bits),
});

describe('inline rle masks', () => {
  it('round-trips run lengths (starting with an unset run, also when the first cell is set)', () => {
    const bits = ring();
    expect(Array.from(decodeRle(encodeRle(bits), bits.length))).toEqual(Array.from(bits));
    expect(encodeRle([1, 1, 0, 1])).toEqual([0, 2, 1, 1]);
    expect(Array.from(decodeRle([0, 2, 1, 1], 4))).toEqual([1, 1, 0, 1]);
    expect(encodeRle([0, 0, 0])).toEqual([3]);
  });

  it('keeps the hole through the document, its rows and rasterisation', () => {
    const o = rle(ring());
    const doc = migrateAnnotationDocument({ version: 2, label: null, objects: [o], regions: [] });
    const rows = documentToRows(doc);
    expect(rows[0]).toMatchObject({ kind: 'rle', classId: 2 });
    const back = documentFromRows(
      null,
      rows.map((r, i) => ({ ...r, id: i })),
    );
    expect(back.objects).toEqual([o]);
    const mask = rasterizeObjects(back.objects, 64, 64);
    const at = (x: number, y: number) => mask[y * 64 + x];
    expect(at(21, 31)).toBe(1); // the ring
    expect(at(25, 33)).toBe(0); // the hole
    expect(at(20, 30)).toBe(0); // outside
    expect(mask.reduce((a, b) => a + b, 0)).toBe(8 * 6 - 3 * 2);
    expect(objectBox(o)).toEqual({ x1: 21, y1: 31, x2: 29, y2: 37 });
  });

  it('lets a later eraser cut the mask, and clips to the image', () => {
    const o = rle(ring());
    const cut = rasterizeObjects(
      [o, { id: 'e', classId: null, erasable: true, type: 'eraser', width: 2, points: [[21.5, 31.5]] }],
      64,
      64,
    );
    expect(cut[31 * 64 + 21]).toBe(0);
    expect(cut.reduce((a, b) => a + b, 0)).toBeLessThan(42);
    const clipped = rasterizeObjects([{ ...o, x: 60, y: 60 }], 64, 64);
    expect(clipped.reduce((a, b) => a + b, 0)).toBe(3 * 3);
  });

  it('refuses runs that do not cover the box; v1 and v2 documents without rle still load', () => {
    const bad = { ...rle(ring()), counts: [1, 2] };
    expect(() =>
      migrateAnnotationDocument({ version: 2, label: null, objects: [bad], regions: [] }),
    ).toThrow();
    const v2 = {
      version: 2,
      label: null,
      objects: [
        {
          id: 'p',
          classId: 1,
          erasable: true,
          type: 'polygon',
          points: [
            [0, 0],
            [4, 0],
            [4, 4],
          ],
        },
      ],
      regions: [],
    };
    expect(migrateAnnotationDocument(v2)).toEqual(v2);
    expect(migrateAnnotationDocument({ boxes: [] }).objects).toEqual([]);
  });
});
