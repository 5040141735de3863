// Training reads sg masks from the drawn objects: an inline (rle) mask with a hole is rasterised with
// its hole into the class mask the engine gets, an eraser row after it cuts it, and od gets its box.
import { describe, expect, it } from 'vitest';
import { documentToRows, encodeRle, type AnnotationDocument } from '@sightline/domain';
import { drawnObjectBox, rasterizeClasses } from '../src/dataset-cache/vector-masks';

function donut(w: number, h: number): Uint8Array {
  const bits = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2);
      bits[y * w + x] = d <= w / 2 && d > w / 4 ? 1 : 0;
    }
  return bits;
}

describe('sg masks from drawn objects', () => {
  it('keeps the hole of an inline mask and applies a later eraser', () => {
    const doc: AnnotationDocument = {
      version: 2,
      label: null,
      objects: [
        {
          id: 'm',
          classId: 7,
          erasable: true,
          type: 'rle',
          x: 8,
          y: 8,
          w: 40,
          h: 40,
          counts: encodeRle(donut(40, 40)),
        },
        {
          id: 'e',
          classId: null,
          erasable: true,
          type: 'eraser',
          width: 6,
          points: [
            [8, 28],
            [20, 28],
          ],
        },
      ],
      regions: [],
    };
    const rows = documentToRows(doc).map((r) => ({ classId: r.classId, kind: r.kind, geometry: r.geometry }));
    const masks = rasterizeClasses(rows, 64, 64);
    const m = masks.get(7)!;
    expect(m).toBeDefined();
    const at = (x: number, y: number) => m[y * 64 + x];
    expect(at(28, 28)).toBe(0); // the hole
    expect(at(28, 10)).toBe(1); // the ring
    expect(at(10, 28)).toBe(0); // erased
    expect(at(46, 28)).toBe(1); // not erased
    expect(drawnObjectBox(rows[0]!)).toEqual({ x1: 8, y1: 8, x2: 48, y2: 48 });
  });
});
